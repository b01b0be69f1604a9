export type {
  AuthConnector,
  AuthUser,
  OAuthSocialProvider,
  UpdateEmailAction,
} from './types.js'
