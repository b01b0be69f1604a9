export type {
  AuthConnector,
  AuthUser,
  EmailLoginAction,
  OAuthSocialProvider,
  UpdateEmailAction,
} from './types.js'
