import { type AppMessages, appMessages } from '../messages'
import { signEn } from '../signMessages'

/** The web app's whole `app` section: the first-load strings and the sign panel's. */
export type AppCatalogue = AppMessages & { sign: typeof signEn }

/** All of the web app's English, for tests and the e2e's English detector (in no page bundle). */
export const appEnglish: AppCatalogue = { ...appMessages, sign: signEn }

export { appDe as appGerman } from './de'
