/**
 * OBS's browser source tells the page when its source is shown (`obsSourceVisibleChanged`: in
 * the scene being looked at; `obsSourceActiveChanged`: on the program output) through window
 * events with `event.detail.visible` / `.active`; `window.obsstudio` exists only there.
 * Outside OBS (a browser, a test) neither event ever fires and the page counts as visible.
 */

export type ObsVisibilityListener = (visible: boolean) => void;

/** Calls `listener(true)` when OBS shows the source again and `listener(false)` when it hides it. Returns the stop function. */
export function onObsVisibility(listener: ObsVisibilityListener): () => void {
  const onVisible = (e: Event) => {
    const detail = (e as CustomEvent<{ visible?: unknown } | null>).detail;
    if (detail && typeof detail.visible === 'boolean') listener(detail.visible);
  };
  const onActive = (e: Event) => {
    const detail = (e as CustomEvent<{ active?: unknown } | null>).detail;
    if (detail && typeof detail.active === 'boolean') listener(detail.active);
  };
  window.addEventListener('obsSourceVisibleChanged', onVisible);
  window.addEventListener('obsSourceActiveChanged', onActive);
  return () => {
    window.removeEventListener('obsSourceVisibleChanged', onVisible);
    window.removeEventListener('obsSourceActiveChanged', onActive);
  };
}
