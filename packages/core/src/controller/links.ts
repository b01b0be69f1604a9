/**
 * An absolute http(s) URL: the only kind of legal link Latch draws as an `<a href>`, so that a
 * `javascript:` or `data:` URL from a careless config never runs on the visitor's click. Its own
 * file: the legal checkbox's chunk needs this, not the rest of the flag checks.
 */
export const isHttpLink = (url: string): boolean => /^https?:\/\/[^/\s]/i.test(url)
