import { useEffect } from 'react';
import { frameGrown, toggleFrameFullScreen } from '../embed/frame';

// core.md §2: F11 toggles full screen. The browser's own F11 full screen is not the Fullscreen API
// (the page cannot leave it, nor tell it apart), so the key is taken over and the document itself
// goes full screen. core.md §4 also has the modelling menu force it: enterFullScreen.

export function isFullScreen(doc: Pick<Document, 'fullscreenElement'> = document): boolean {
  return doc.fullscreenElement !== null;
}

/** Enters full screen (a no-op when already there, or when the browser refuses). */
export async function enterFullScreen(): Promise<void> {
  if (isFullScreen() || frameGrown()) return;
  // A partner's frame without allow="fullscreen": the host is asked to grow the frame (ui/embed/frame.ts).
  if (!document.fullscreenEnabled && toggleFrameFullScreen()) return;
  await document.documentElement.requestFullscreen?.().catch(() => undefined);
}

export async function toggleFullScreen(): Promise<void> {
  if (isFullScreen()) await document.exitFullscreen().catch(() => undefined);
  else if (frameGrown()) toggleFrameFullScreen();
  else await enterFullScreen();
}

/** The F11 key, alone (no modifier), as a full-screen toggle. */
export function isFullScreenKey(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'altKey' | 'metaKey' | 'shiftKey'>): boolean {
  return event.key === 'F11' && !event.ctrlKey && !event.altKey && !event.metaKey && !event.shiftKey;
}

/** Mounted once at the root: F11 anywhere in the app toggles full screen. */
export function FullScreenKey() {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isFullScreenKey(event)) return;
      event.preventDefault();
      if (!event.repeat) void toggleFullScreen();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return null;
}
