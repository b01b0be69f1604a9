// The views an app reaches only sometimes, in one chunk: one loader in the modal's code instead of
// three (its bytes count before the first click).
export { ApproveTransaction } from './ApproveTransaction.js'
export { EmailLogin } from './EmailLogin.js'
export { SwitchActiveChain } from './SwitchActiveChain.js'
