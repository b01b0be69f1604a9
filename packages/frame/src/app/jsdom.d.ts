// jsdom ships no types and only signIn.testing.ts uses it (a document for Node tests): the part used.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string)
    readonly window: Window & typeof globalThis
  }
}
