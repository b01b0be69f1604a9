export type {
  AuthAppSource,
  AuthConnector,
  AuthUser,
  OAuthSocialProvider,
  UpdateEmailAction,
} from './types.js'
