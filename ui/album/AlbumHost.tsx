import { useSnapshot } from 'valtio';
import { proxy } from 'valtio/vanilla';
import { api } from '../app/api';
import { notify } from '../notice';
import { sceneText } from '../scene/messages';
import { sceneSession } from '../scene/state';
import { AlbumDialog } from './AlbumDialog';
import { serverAlbumSource } from './source';

// Where the album opens from (更多 → 图册, and any menu that wants it): the saved scheme's album.

const albumUi = proxy<{ sceneId: string | null }>({ sceneId: null });
const source = serverAlbumSource(api);

/** Opens the album of the open scheme; a scheme never saved has none yet. */
export function openAlbum(): void {
  const scene = sceneSession.scene;
  if (!scene) {
    notify(sceneText.saveFirst(), { kind: 'warning' });
    return;
  }
  albumUi.sceneId = String(scene.id);
}

export function AlbumHost() {
  const { sceneId } = useSnapshot(albumUi);
  const { scene } = useSnapshot(sceneSession);
  if (sceneId === null) return null;
  return <AlbumDialog sceneId={sceneId} schemeName={scene?.name ?? ''} source={source} onClose={() => (albumUi.sceneId = null)} />;
}
