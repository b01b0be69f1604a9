export {
  isReceiverAddress,
  maxSendable,
  type SendCheck,
  type SendDraft,
  toDecimalAmount,
  tokenContract,
  validateSend,
} from './validate.js'
