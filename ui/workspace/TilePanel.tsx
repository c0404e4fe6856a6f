import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import {
  favorTile,
  getTileFilters,
  isApiError,
  multiDeleteTileFavor,
  unfavorTile,
  type PavingKind,
  type Tile,
  type TileFilterAction,
  type TileFilterResult,
  type TileType,
} from '../../api';
import type { PavingFace } from '../../protocol/records';
import { api } from '../app/api';
import { useKernel } from '../kernel';
import { notifyApiError } from '../notice';
import { CatalogueFilters, CataloguePager, CatalogueResults, CatalogueSearch, FilterSelect, useCatalogueLoad, useCatalogueQuery, useFavours, type LayTarget } from './catalogue-list';
import { ConfirmDialog } from './ConfirmDialog';
import { Segmented, SelectField } from './controls';
import { Icon } from './icons';
import { PavingList } from './PavingList';
import './tile-panel.css';

// The TileWorkPlan menu (铺砖, catalogues.md §2): the tile catalogue of core.md §7 with its
// filters and favourites, the paving patterns (拼花) and waterjet medallions (水刀) of
// catalogues.md §7, and laying the picked item on the selected room's floor or ceiling or on one
// face of the selected wall (paving.lay: one undo step).

type Filters = { type: TileType | null; brand: string | null; series: string | null; spec: string | null; keyword: string };
const NO_FILTERS: Filters = { type: null, brand: null, series: null, spec: null, keyword: '' };

type Kind = 'tile' | PavingKind;

/** The surface a picked tile goes on, from the selection; null when nothing tileable is selected. */
function useTarget(): LayTarget | null {
  const { selected } = useKernel();
  if (selected?.kind === 'room') return { id: selected.id, kind: 'room', name: selected.name };
  if (selected?.kind === 'wall') return { id: selected.id, kind: 'wall', name: '' };
  return null;
}

export function TilePanel() {
  const { t } = useLingui();
  const target = useTarget();
  const [roomFace, setRoomFace] = useState<PavingFace>('floor');
  const [wallFace, setWallFace] = useState<PavingFace>('left');
  const face = target?.kind === 'wall' ? wallFace : roomFace;
  const [kind, setKind] = useState<Kind>('tile');

  const faces: { value: PavingFace; label: string }[] =
    target?.kind === 'wall'
      ? [
          { value: 'left', label: t`左侧墙面` },
          { value: 'right', label: t`右侧墙面` },
        ]
      : [
          { value: 'floor', label: t`地面` },
          { value: 'ceiling', label: t`顶面` },
        ];

  return (
    <aside className="side-panel hp tp" style={{ width: 376 }} aria-labelledby="tile-panel-title">
      <header className="hp-header">
        <h1 className="hp-header__title" id="tile-panel-title">
          <Icon name="tiles" size={20} />
          <span>{t`铺砖`}</span>
        </h1>
      </header>
      <div className="tp-content">
        <Segmented
          label={t`素材类别`}
          className="tp-kinds"
          value={kind}
          options={[
            { value: 'tile', label: t`瓷砖` },
            { value: 'paving', label: t`拼花` },
            { value: 'waterjet', label: t`水刀` },
          ]}
          onChange={setKind}
        />

        <section className="tp-target" aria-label={t`铺贴位置`}>
          {target ? (
            <>
              <p className="tp-target__what">
                {target.kind === 'room' ? (
                  <Trans>铺贴到房间：{target.name || t`未命名`}</Trans>
                ) : (
                  <Trans>铺贴到所选墙体</Trans>
                )}
              </p>
              <Segmented
                label={t`铺贴面`}
                value={face}
                options={faces}
                onChange={(v) => (target.kind === 'wall' ? setWallFace(v) : setRoomFace(v))}
              />
            </>
          ) : (
            <p className="hp-hint hp-hint--block">
              {kind === 'tile' ? <Trans>先在视图中选择一个房间或一面墙，再点击瓷砖铺贴。</Trans> : <Trans>先在视图中选择一个房间或一面墙，再点击图案铺贴。</Trans>}
            </p>
          )}
        </section>

        {kind === 'tile' ? <TileList target={target} face={face} /> : <PavingList key={kind} kind={kind} target={target} face={face} />}
      </div>
    </aside>
  );
}

/** The tile catalogue: three libraries, type/brand/series/spec filters, favourites, pages of 8. */
function TileList({ target, face }: { readonly target: LayTarget | null; readonly face: PavingFace }) {
  const { t } = useLingui();
  const [library, setLibrary] = useState<TileFilterAction>('filters');
  const query = useCatalogueQuery<Filters>(NO_FILTERS);
  const { filters, page } = query;
  const favours = useFavours<Tile>(
    (tile) => tile.tile_favor,
    async (tile, favoured) => (favoured ? await unfavorTile(api, tile.id, { silent: true }) : await favorTile(api, tile.id, { silent: true })).tile_favor,
  );
  const [clearing, setClearing] = useState(false);

  const load = useCatalogueLoad<TileFilterResult>(
    JSON.stringify([library, filters, page, query.attempt]),
    (signal) => {
      const { type, brand, series, spec, keyword } = filters;
      return getTileFilters(
        api,
        library,
        { page, type: type ?? undefined, brand: brand ?? undefined, series: series ?? undefined, spec: spec ?? undefined, keyword: keyword || undefined },
        { silent: true, signal },
      );
    },
    favours.reset,
  );

  const result = load.state === 'done' ? load.result : null;
  const lists = result?.filters;
  const typeOptions = useMemo(() => (lists ? lists.type.map((o) => ({ value: Number(o.value) as TileType, label: o.name })) : []), [lists]);

  function switchLibrary(next: TileFilterAction) {
    setLibrary(next);
    query.clear();
  }

  /** 移出本页收藏: the favourites on this page leave the list in one call. */
  async function clearPage(ids: readonly number[]) {
    setClearing(false);
    try {
      await multiDeleteTileFavor(api, ids, { silent: true });
    } catch (e) {
      if (isApiError(e)) notifyApiError(e);
    }
    query.setPage(1);
    query.retry();
  }

  const shown = result ? result.data.filter((tile) => library !== 'favorfilters' || favours.isFavoured(tile)) : [];

  return (
    <>
      <Segmented
        label={t`瓷砖库`}
        className="tp-libraries"
        value={library}
        options={[
          { value: 'filters', label: t`公共库` },
          { value: 'privateFilters', label: t`品牌库` },
          { value: 'favorfilters', label: t`我的收藏` },
        ]}
        onChange={switchLibrary}
      />

      <CatalogueSearch query={query} placeholder={t`搜索瓷砖名称、编码`} label={t`搜索瓷砖`} />

      <CatalogueFilters query={query}>
        <SelectField label={t`类型`} value={filters.type} placeholder={t`全部类型`} options={typeOptions} onChange={(v) => query.change({ type: v })} />
        <FilterSelect label={t`品牌`} value={filters.brand} placeholder={t`全部品牌`} list={lists?.brand} onChange={(v) => query.change({ brand: v })} />
        <FilterSelect label={t`系列`} value={filters.series} placeholder={t`全部系列`} list={lists?.series} onChange={(v) => query.change({ series: v })} />
        <FilterSelect label={t`规格`} value={filters.spec} placeholder={t`全部规格`} list={lists?.spec} onChange={(v) => query.change({ spec: v })} />
      </CatalogueFilters>

      <CatalogueResults
        load={load}
        items={shown}
        label={t`瓷砖`}
        emptyText={library === 'favorfilters' ? <Trans>暂无收藏的瓷砖</Trans> : <Trans>没有符合条件的瓷砖</Trans>}
        onRetry={query.retry}
        favours={favours}
        target={target}
        face={face}
      />

      {library === 'favorfilters' && shown.length > 0 ? (
        <>
          <button type="button" className="button button--ghost tp-clear-favourites" onClick={() => setClearing(true)}>
            <Trans>移出本页收藏</Trans>
          </button>
          <ConfirmDialog
            open={clearing}
            title={t`将本页的 ${shown.length} 款瓷砖移出收藏，是否继续?`}
            confirmLabel={t`移出`}
            cancelLabel={t`取消`}
            tone="danger"
            onConfirm={() => void clearPage(shown.map((tile) => tile.id))}
            onCancel={() => setClearing(false)}
          />
        </>
      ) : null}

      <CataloguePager result={result} page={page} onPage={query.setPage} />
    </>
  );
}
