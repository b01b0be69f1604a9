/**
 * Where core's own warnings go (the provider services'). Nothing until an app imports the
 * logger, which then puts itself here (logger.ts): a page that never reads its log never ships
 * the logger, and loses nothing by it, since the default level 'error' would drop these anyway.
 */
export const coreLog: { warn(...args: unknown[]): void } = { warn() {} }
