import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { createHouseType, isApiError, newIdempotencyKey } from '../../api';
import { contentRecordCount } from '../../protocol/snapshot';
import { api } from '../app/api';
import { useKernel } from '../kernel';
import { apiErrorText, notify } from '../notice';
import { sceneText } from '../scene/messages';
import { hasUnsavedWork, sceneSession } from '../scene/state';
import { cityLabel, loadRegions } from '../widgets/region';
import { clientArea } from './client-info';
import { ConfirmDialog } from './ConfirmDialog';
import { Icon } from './icons';
import { checkHouseholdStorage, houseTypeParams } from './new-scheme';

// 户型入库 (core.md §5, issue 16): the open scheme's saved version goes into the tenant's house-type
// library, with its preview, house type, city and building. The server copies the stored file, so
// what is stored is the last save: later edits of the scheme never reach the library entry.

export function HouseholdStorage() {
  const { t } = useLingui();
  const { status, counts, meta, dirty } = useKernel();
  const session = useSnapshot(sceneSession);
  const [asking, setAsking] = useState(false);
  const [storing, setStoring] = useState(false);
  const name = session.scene?.name ?? '';
  const unsavedEdits = session.scene !== null && hasUnsavedWork(session, dirty);

  function ask() {
    switch (checkHouseholdStorage({ saved: session.scene !== null, contentRecords: contentRecordCount(counts) })) {
      case 'unsaved':
        notify(t`请先保存场景！`, { kind: 'warning' });
        return;
      case 'empty':
        notify(sceneText.emptyScene(), { kind: 'warning' });
        return;
      case 'ok':
        setAsking(true);
    }
  }

  async function store() {
    setAsking(false);
    const scene = sceneSession.scene;
    if (!scene) return;
    setStoring(true);
    try {
      const city = clientArea(meta.client);
      // The city's name goes along so that the library can be searched by it.
      const cityName = city ? await loadRegions().then((table) => cityLabel(table, city) ?? '', () => '') : '';
      await createHouseType(api, houseTypeParams(scene.id, meta, cityName), { silent: true, idempotencyKey: newIdempotencyKey() });
      notify(sceneText.houseTypeStored(scene.name), { kind: 'success' });
    } catch (e) {
      notify(isApiError(e) ? apiErrorText(e) : String(e), { kind: 'error' });
    } finally {
      setStoring(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className="button button--secondary hp-action"
        title={t`把已保存的方案存入户型库，新建方案时可以从户型库选择`}
        disabled={status !== 'ready' || storing}
        aria-busy={storing}
        onClick={ask}
      >
        <Icon name="house" size={16} />
        <Trans>户型入库</Trans>
      </button>
      <ConfirmDialog
        open={asking}
        title={unsavedEdits ? t`将方案「${name}」最近一次保存的版本存入户型库？未保存的修改不会入库。` : t`将方案「${name}」存入户型库？`}
        confirmLabel={t`入库`}
        cancelLabel={t`取消`}
        onConfirm={() => void store()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
