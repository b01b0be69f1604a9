export { syncAuthApp } from './syncApp.js'
export type {
  AuthAppData,
  AuthConnector,
  AuthUser,
  OAuthSocialProvider,
  UpdateEmailAction,
} from './types.js'
