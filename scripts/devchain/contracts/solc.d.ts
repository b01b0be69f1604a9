// solc-js ships without type declarations; this covers the part the build script uses.
declare module 'solc' {
  const solc: {
    compile(input: string): string
    version(): string
  }
  export default solc
}
