// The network views in one chunk: reached from the network switcher or when a wallet lands on a
// network the app does not list, never on the way to connecting, so the modal's start-up code
// (fetched before the first click) does not carry them. Fetched ahead once an account connects.
export { Networks } from './Networks.js'
export { SwitchNetwork } from './SwitchNetwork.js'
export { UnsupportedChain } from './UnsupportedChain.js'
