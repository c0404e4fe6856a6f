import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import {
  favorTile,
  FILTER_MORE_VALUE,
  getTileFilters,
  isApiError,
  multiDeleteTileFavor,
  unfavorTile,
  type FilterOption,
  type Tile,
  type TileFilterAction,
  type TileFilterResult,
  type TileType,
} from '../../api';
import type { PavingFace } from '../../protocol/records';
import { api } from '../app/api';
import { reportSourceUsed } from '../app/usage';
import { useKernel } from '../kernel';
import { apiErrorText, notify, notifyApiError } from '../notice';
import { ConfirmDialog } from './ConfirmDialog';
import { Segmented, SelectField } from './controls';
import { Icon } from './icons';
import { send } from './panel-commands';
import './tile-panel.css';

// The TileWorkPlan menu (铺砖, catalogues.md §2): the tile catalogue of core.md §7 with its
// filters and favourites, and laying the picked tile on the selected room's floor or ceiling or
// on one face of the selected wall (paving.lay: one undo step).

type Filters = { type: TileType | null; brand: string | null; series: string | null; spec: string | null; keyword: string };
const NO_FILTERS: Filters = { type: null, brand: null, series: null, spec: null, keyword: '' };

type Load = { state: 'loading' } | { state: 'error'; text: string } | { state: 'done'; result: TileFilterResult };

/** The surface a picked tile goes on, from the selection; null when nothing tileable is selected. */
function useTarget(): { id: string; kind: 'room' | 'wall'; name: string } | null {
  const { selected } = useKernel();
  if (selected?.kind === 'room') return { id: selected.id, kind: 'room', name: selected.name };
  if (selected?.kind === 'wall') return { id: selected.id, kind: 'wall', name: '' };
  return null;
}

/** A filter list as select options; the 'more' entry of a truncated list gives way to its children. */
function optionsOf(list: readonly FilterOption[]): { value: string; label: string }[] {
  return list.flatMap((o) =>
    o.value === FILTER_MORE_VALUE && o.children ? o.children.map((c) => ({ value: c.value, label: `${c.name} (${c.count})` })) : [{ value: o.value, label: `${o.name} (${o.count})` }],
  );
}

export function TilePanel() {
  const { t, i18n } = useLingui();
  const target = useTarget();
  const [roomFace, setRoomFace] = useState<PavingFace>('floor');
  const [wallFace, setWallFace] = useState<PavingFace>('left');
  const face = target?.kind === 'wall' ? wallFace : roomFace;

  const [library, setLibrary] = useState<TileFilterAction>('filters');
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [keywordDraft, setKeywordDraft] = useState('');
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  // Favourites changed here, by id, so a card shows its star at once and the favourites tab drops it.
  const [favours, setFavours] = useState<ReadonlyMap<number, 0 | 1>>(new Map());
  const [laying, setLaying] = useState<number | null>(null);
  const [clearing, setClearing] = useState(false);

  const request = JSON.stringify([library, filters, page, attempt]);
  const [answer, setAnswer] = useState<{ request: string; load: Load } | null>(null);
  const load: Load = answer?.request === request ? answer.load : { state: 'loading' };

  useEffect(() => {
    const controller = new AbortController();
    const { type, brand, series, spec, keyword } = filters;
    getTileFilters(
      api,
      library,
      { page, type: type ?? undefined, brand: brand ?? undefined, series: series ?? undefined, spec: spec ?? undefined, keyword: keyword || undefined },
      { silent: true, signal: controller.signal },
    ).then(
      (result) => {
        setAnswer({ request, load: { state: 'done', result } });
        setFavours(new Map());
      },
      (e: unknown) => {
        if (!controller.signal.aborted) setAnswer({ request, load: { state: 'error', text: isApiError(e) ? apiErrorText(e) : String(e) } });
      },
    );
    return () => controller.abort();
    // `request` stands for every input of the call.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request]);

  const result = load.state === 'done' ? load.result : null;
  const lists = result?.filters;
  const typeOptions = useMemo(() => (lists ? lists.type.map((o) => ({ value: Number(o.value) as TileType, label: o.name })) : []), [lists]);

  function change(next: Partial<Filters>) {
    setFilters((prev) => ({ ...prev, ...next }));
    setPage(1);
  }

  function switchLibrary(next: TileFilterAction) {
    setLibrary(next);
    setFilters(NO_FILTERS);
    setKeywordDraft('');
    setPage(1);
  }

  function search(event: FormEvent) {
    event.preventDefault();
    change({ keyword: keywordDraft.trim() });
  }

  async function toggleFavour(tile: Tile, favoured: boolean) {
    try {
      const answer = favoured ? await unfavorTile(api, tile.id, { silent: true }) : await favorTile(api, tile.id, { silent: true });
      setFavours((prev) => new Map(prev).set(tile.id, answer.tile_favor));
    } catch (e) {
      if (isApiError(e)) notifyApiError(e);
    }
  }

  /** 移出本页收藏: the favourites on this page leave the list in one call. */
  async function clearPage(ids: readonly number[]) {
    setClearing(false);
    try {
      await multiDeleteTileFavor(api, ids, { silent: true });
    } catch (e) {
      if (isApiError(e)) notifyApiError(e);
    }
    setPage(1);
    setAttempt((n) => n + 1);
  }

  async function lay(tile: Tile) {
    if (!target) return;
    setLaying(tile.id);
    const done = await send('paving.lay', {
      surface: { id: target.id, face },
      tileCode: tile.code,
      tileWidth: tile.width,
      tileHeight: tile.height,
      mode: tile.mode,
      // Only addresses the kernel accepts (this server's files or http(s)); others lay the tile untextured.
      ...(/^(\/files\/|https?:\/\/)/.test(tile.image) ? { image: tile.image } : {}),
    });
    setLaying(null);
    if (!done) return;
    notify(t`已铺贴：${tile.name}`, { kind: 'success', duration: 2000 });
    reportSourceUsed(api, 'pavingAgent', tile.id);
  }

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

  const filtered = filters.type !== null || filters.brand !== null || filters.series !== null || filters.spec !== null || filters.keyword !== '';
  const shown = result ? result.data.filter((tile) => library !== 'favorfilters' || (favours.get(tile.id) ?? tile.tile_favor) === 1) : [];

  return (
    <aside className="side-panel hp tp" style={{ width: 376 }} aria-labelledby="tile-panel-title">
      <header className="hp-header">
        <h1 className="hp-header__title" id="tile-panel-title">
          <Icon name="tiles" size={20} />
          <span>{t`铺砖`}</span>
        </h1>
      </header>
      <div className="tp-content">
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
              <Trans>先在视图中选择一个房间或一面墙，再点击瓷砖铺贴。</Trans>
            </p>
          )}
        </section>

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

        <form className="tp-search" role="search" onSubmit={search}>
          <input
            className="hp-input__control tp-search__input"
            type="search"
            value={keywordDraft}
            maxLength={50}
            placeholder={t`搜索瓷砖名称、编码`}
            aria-label={t`搜索瓷砖`}
            onChange={(e) => setKeywordDraft(e.target.value)}
          />
          <button type="submit" className="button tp-search__go">
            <Trans>搜索</Trans>
          </button>
        </form>

        <div className="tp-filters">
          <SelectField
            label={t`类型`}
            value={filters.type}
            placeholder={t`全部类型`}
            options={typeOptions}
            onChange={(v) => change({ type: v })}
          />
          <SelectField label={t`品牌`} value={filters.brand} placeholder={t`全部品牌`} options={lists ? optionsOf(lists.brand) : []} onChange={(v) => change({ brand: v })} />
          <SelectField label={t`系列`} value={filters.series} placeholder={t`全部系列`} options={lists ? optionsOf(lists.series) : []} onChange={(v) => change({ series: v })} />
          <SelectField label={t`规格`} value={filters.spec} placeholder={t`全部规格`} options={lists ? optionsOf(lists.spec) : []} onChange={(v) => change({ spec: v })} />
          {filtered ? (
            <button
              type="button"
              className="button button--ghost tp-filters__clear"
              onClick={() => {
                setFilters(NO_FILTERS);
                setKeywordDraft('');
                setPage(1);
              }}
            >
              <Trans>清除筛选</Trans>
            </button>
          ) : null}
        </div>

        {load.state === 'loading' ? (
          <p className="tp-status" role="status">
            <Trans>加载中...</Trans>
          </p>
        ) : load.state === 'error' ? (
          <div className="tp-status" role="alert">
            <p>{load.text}</p>
            <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
              <Trans>重试</Trans>
            </button>
          </div>
        ) : shown.length === 0 ? (
          <p className="tp-status">{library === 'favorfilters' ? <Trans>暂无收藏的瓷砖</Trans> : <Trans>没有符合条件的瓷砖</Trans>}</p>
        ) : (
          <ul className="tp-grid" aria-label={t`瓷砖`}>
            {shown.map((tile) => {
              const favoured = (favours.get(tile.id) ?? tile.tile_favor) === 1;
              return (
                <li key={tile.id} className="tp-card">
                  <button
                    type="button"
                    className="tp-card__lay"
                    disabled={!target || laying !== null}
                    title={target ? t`铺贴 ${tile.name}` : t`先选择房间或墙体`}
                    aria-label={t`铺贴 ${tile.name}`}
                    onClick={() => void lay(tile)}
                  >
                    <img className="tp-card__image" src={tile.image} alt="" loading="lazy" width={160} height={120} />
                    <span className="tp-card__name">{tile.name}</span>
                    <span className="tp-card__meta">
                      {tile.width}×{tile.height} · {tile.brand}
                    </span>
                    <span className="tp-card__price">{i18n.number(tile.price, { style: 'currency', currency: 'CNY', maximumFractionDigits: 0 })}</span>
                  </button>
                  <button
                    type="button"
                    className="tp-card__favour"
                    aria-pressed={favoured}
                    aria-label={favoured ? t`取消收藏 ${tile.name}` : t`收藏 ${tile.name}`}
                    title={favoured ? t`取消收藏` : t`收藏`}
                    onClick={() => void toggleFavour(tile, favoured)}
                  >
                    <svg width="16" height="16" viewBox="0 0 20 20" aria-hidden="true">
                      <path
                        d="m10 2.8 2.2 4.5 5 .7-3.6 3.5.9 4.9L10 14.1l-4.5 2.3.9-4.9L2.8 8l5-.7Z"
                        fill={favoured ? 'currentColor' : 'none'}
                        stroke="currentColor"
                        strokeWidth="1.4"
                        strokeLinejoin="round"
                      />
                    </svg>
                  </button>
                </li>
              );
            })}
          </ul>
        )}

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

        {result && result.last_page > 1 ? (
          <nav className="tp-pages" aria-label={t`翻页`}>
            <button type="button" className="button button--ghost" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              <Trans>上一页</Trans>
            </button>
            <span className="tp-pages__where">
              <Trans>
                第 {result.current_page} / {result.last_page} 页，共 {result.total} 款
              </Trans>
            </span>
            <button type="button" className="button button--ghost" disabled={page >= result.last_page} onClick={() => setPage((p) => p + 1)}>
              <Trans>下一页</Trans>
            </button>
          </nav>
        ) : null}
      </div>
    </aside>
  );
}
