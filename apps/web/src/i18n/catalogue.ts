import { type AppCatalogue, appMessages } from '../messages'
import { signEn } from '../signMessages'

export type { AppCatalogue }

/** All of the web app's English, for tests and the e2e's English detector (in no page bundle). */
export const appEnglish: AppCatalogue = { ...appMessages, sign: signEn }

export { appDe as appGerman } from './de'
