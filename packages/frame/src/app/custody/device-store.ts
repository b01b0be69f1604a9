/**
 * The device share, in the frame origin's IndexedDB, encrypted with AES-GCM under a WebCrypto
 * key created non-extractable: script (ours or injected) can use the key inside this origin but
 * can never read its bytes, and the page's origin cannot open this database at all.
 */
const DB_NAME = 'latch-frame'
const STORE = 'device-shares'
const KEY_ID = 'wrapping-key'

interface SealedShare {
  iv: Uint8Array<ArrayBuffer>
  ciphertext: ArrayBuffer
}

function request<value>(req: IDBRequest<value>): Promise<value> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error)
  })
}

function openDb(): Promise<IDBDatabase> {
  const req = indexedDB.open(DB_NAME, 1)
  req.onupgradeneeded = () => req.result.createObjectStore(STORE)
  return request(req)
}

async function withStore<value>(
  mode: IDBTransactionMode,
  fn: (store: IDBObjectStore) => IDBRequest<value>,
): Promise<value> {
  const db = await openDb()
  try {
    return await request(fn(db.transaction(STORE, mode).objectStore(STORE)))
  } finally {
    db.close()
  }
}

async function wrappingKey(): Promise<CryptoKey> {
  const existing = await withStore(
    'readonly',
    (s) => s.get(KEY_ID) as IDBRequest<CryptoKey | undefined>,
  )
  if (existing) return existing
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ])
  await withStore('readwrite', (s) => s.put(key, KEY_ID))
  return key
}

const shareId = (userKey: string) => `share:${userKey}`
const aad = (userKey: string) => new TextEncoder().encode(`device-share:${userKey}`)

export async function saveDeviceShare(userKey: string, share: string): Promise<void> {
  const key = await wrappingKey()
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: aad(userKey) },
    key,
    new TextEncoder().encode(share),
  )
  const sealed: SealedShare = { iv, ciphertext }
  await withStore('readwrite', (s) => s.put(sealed, shareId(userKey)))
}

/** The stored share, or undefined when there is none or it no longer decrypts. */
export async function loadDeviceShare(userKey: string): Promise<string | undefined> {
  const sealed = await withStore(
    'readonly',
    (s) => s.get(shareId(userKey)) as IDBRequest<SealedShare | undefined>,
  )
  if (!sealed) return undefined
  try {
    const key = await wrappingKey()
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: sealed.iv, additionalData: aad(userKey) },
      key,
      sealed.ciphertext,
    )
    return new TextDecoder().decode(plain)
  } catch {
    return undefined
  }
}

export async function deleteDeviceShare(userKey: string): Promise<void> {
  await withStore('readwrite', (s) => s.delete(shareId(userKey)))
}
