export type {
  AuthConnector,
  AuthUser,
  EmailLoginAction,
  UpdateEmailAction,
} from './types.js'
