import { createContext, useContext } from 'react';

// Tells content that can appear with or without a layout (the error screen) whether a <main>
// landmark already surrounds it, so there is never a second one.
export const LayoutFrameContext = createContext(false);

export function useInsideLayout(): boolean {
  return useContext(LayoutFrameContext);
}
