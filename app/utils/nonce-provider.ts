import { createContext, useContext } from "react";

// The per-request CSP nonce, handed from entry.server to the document's script tags.
export const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
