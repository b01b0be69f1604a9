// A file of its own: the controller imports it with every page, without the EVM network data.

/** seed-spec §9: the default chain when the app names none (controller/register.ts). */
export const DEFAULT_CAIP_NETWORK_ID = 'eip155:1'
