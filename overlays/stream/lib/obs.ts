/**
 * OBS's browser source tells the page when its source is shown, through window events:
 * `obsSourceVisibleChanged` (`detail.visible`: shown in any view, preview included) and
 * `obsSourceActiveChanged` (`detail.active`: on the program output). `window.obsstudio` exists
 * only there; outside OBS (a browser, a test) neither event fires and the page counts as visible.
 */

export interface ObsVisibilityHandlers {
  /** The source was hidden (false) or shown again (true). */
  visible(visible: boolean): void;
  /** The source went on the program output: a moment to play the entrance again. */
  activated(): void;
}

/** Listens to OBS's visibility events. Returns the stop function. */
export function onObsVisibility(handlers: ObsVisibilityHandlers): () => void {
  const onVisible = (e: Event) => {
    const detail = (e as CustomEvent<{ visible?: unknown } | null>).detail;
    if (detail && typeof detail.visible === 'boolean') handlers.visible(detail.visible);
  };
  // Going off program while still in the preview is not hiding: only the way on counts.
  const onActive = (e: Event) => {
    const detail = (e as CustomEvent<{ active?: unknown } | null>).detail;
    if (detail && detail.active === true) handlers.activated();
  };
  window.addEventListener('obsSourceVisibleChanged', onVisible);
  window.addEventListener('obsSourceActiveChanged', onActive);
  return () => {
    window.removeEventListener('obsSourceVisibleChanged', onVisible);
    window.removeEventListener('obsSourceActiveChanged', onActive);
  };
}
