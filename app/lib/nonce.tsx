import { createContext, useContext } from 'react'

// This response's CSP nonce, for the few scripts a route renders itself (islands on pages that are
// not hydrated). Only the server provides it; the browser never needs it.
export const NonceContext = createContext<string | undefined>(undefined)
export const useNonce = () => useContext(NonceContext)
