import { useMemo } from 'react';
import { sceneFileLoader, shareCodeLoader } from './loaders';
import { SceneViewer } from './SceneViewer';
import { shareCodeOf, showsQuotation } from './source';

// The two public viewer routes: one viewer, two loaders. The query is read as the raw string (the
// router would turn an all-digit share code into a number).

function useQuery(): URLSearchParams {
  return useMemo(() => new URLSearchParams(window.location.search), []);
}

/** /scene-share?shareCode=: a scheme shared by its owner. */
export function SceneShareScreen() {
  const query = useQuery();
  const load = useMemo(() => shareCodeLoader(shareCodeOf(query)), [query]);
  return <SceneViewer load={load} />;
}

/** /onlyShowScene?src=&showQuotation=1: a scene file, with its quotation when asked. */
export function OnlyShowSceneScreen() {
  const query = useQuery();
  const load = useMemo(() => sceneFileLoader(query.get('src')), [query]);
  return <SceneViewer load={load} showQuotation={showsQuotation(query)} />;
}
