import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { deleteFavorModelMulti, favorModel, getModelFilters, type CatalogueModel, type ModelFilterResult } from '../../api';
import { api } from '../app/api';
import { reportSourceUsed } from '../app/usage';
import { useKernel } from '../kernel';
import { notify } from '../notice';
import { CatalogueFilters, CataloguePager, FavourButton, CatalogueSearch, FilterSelect, LoadPending, useCatalogueLoad, useCatalogueQuery, useFavours, type Favours } from './catalogue-list';
import { Segmented, SwitchField } from './controls';
import { Icon } from './icons';
import { DeleteModelButton, mayManageLibrary, ModelUploadBar } from './ModelUpload';
import { send } from './panel-commands';
import { endProductDrag, startProductDrag } from './product-drop';
import { placeArgs, replaceArgs } from './product-place';
import { PropertiesPanel } from './PropertiesPanel';
import { roomTypeName } from './room-types';
import './tile-panel.css';

// The Product menu (产品, catalogues.md §2): the furniture catalogue of /api/admin/model with its
// search, category and style filters, favourites and pages. A click on a card places the piece in
// the current room (model.add: the kernel puts it by its mount, one undo step) and selects it; in
// replacement mode (替换, catalogues.md §4) it turns the selected model into the card's, keeping
// where it stands; 2000 ms later the replacement card hides and the model's position is settled
// for its new size (catalogues.md §4). A card dragged onto the view lands under the pointer
// (product-drop.ts). The libraries are the tabs:
// 公共库 (the shared catalogue), 品牌库 (the project's), 个人库 (the user's own) and favourites;
// the own libraries carry the upload bar (ModelUpload.tsx) and a bin on their cards.

/** catalogues.md §4: card hide and position update this long after a replacement. */
export const REPLACE_SETTLE_MS = 2000;

type Filters = { category1: string | null; category2: string | null; style: string | null; keyword: string };
const NO_FILTERS: Filters = { category1: null, category2: null, style: null, keyword: '' };

type Library = 'all' | 'public' | 'brand' | 'personal' | 'favor';

export function ProductPanel() {
  const { t, i18n } = useLingui();
  const { selected, currentRoom, counts } = useKernel();
  const [library, setLibrary] = useState<Library>('all');
  const [replacing, setReplacing] = useState(false);
  const [busy, setBusy] = useState(false);
  const settleTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (settleTimer.current !== null) clearTimeout(settleTimer.current);
    },
    [],
  );
  const query = useCatalogueQuery<Filters>(NO_FILTERS);
  const { filters, page } = query;
  const favours = useFavours<CatalogueModel>(
    (m) => m.model_favor,
    async (m, favoured) => {
      if (favoured) {
        await deleteFavorModelMulti(api, [m.id], { silent: true });
        return 0;
      }
      return (await favorModel(api, { id: m.id }, { silent: true })).model_favor;
    },
  );

  const load = useCatalogueLoad<ModelFilterResult>(
    JSON.stringify([library, filters, page, query.attempt]),
    (signal) => {
      const { category1, category2, style, keyword } = filters;
      return getModelFilters(
        api,
        {
          scope: library,
          page,
          category1: category1 ?? undefined,
          category2: category2 ?? undefined,
          style: style ?? undefined,
          keyword: keyword || undefined,
        },
        { silent: true, signal },
      );
    },
    favours.reset,
  );
  const result = load.state === 'done' ? load.result : null;
  const lists = result?.filters;
  const shown = result ? result.data.filter((m) => library !== 'favor' || favours.isFavoured(m)) : [];

  const english = i18n.locale.startsWith('en');
  const nameOf = (m: CatalogueModel) => (english && m.name_en ? m.name_en : m.name);
  const model = selected?.kind === 'model' ? selected : null;
  const replaceOn = replacing && model !== null;
  const roomName = currentRoom ? currentRoom.roomName || i18n._(roomTypeName(currentRoom.roomType)) : null;

  function switchLibrary(next: Library) {
    setLibrary(next);
    query.clear();
  }

  async function pick(m: CatalogueModel) {
    setBusy(true);
    try {
      if (replaceOn) {
        const done = await send('model.update', replaceArgs(m, nameOf(m), model));
        if (done === undefined) return;
        notify(t`已替换为：${nameOf(m)}`, { kind: 'success', duration: 2000 });
        const id = model.id;
        if (settleTimer.current !== null) clearTimeout(settleTimer.current);
        settleTimer.current = setTimeout(() => {
          settleTimer.current = null;
          setReplacing(false);
          void send('model.settle', { id });
        }, REPLACE_SETTLE_MS);
      } else {
        const added = await send('model.add', placeArgs(m, nameOf(m), currentRoom?.id ?? null));
        if (!added) return;
        await send('selection.set', { ids: [added.id] });
        notify(t`已放置：${nameOf(m)}`, { kind: 'success', duration: 2000 });
      }
      reportSourceUsed(api, 'modelAgent', m.model_id);
    } finally {
      setBusy(false);
    }
  }

  return (
    <aside className="side-panel hp tp" style={{ width: 376 }} aria-labelledby="product-panel-title" data-models={counts.model ?? 0}>
      <header className="hp-header">
        <h1 className="hp-header__title" id="product-panel-title">
          <Icon name="sofa" size={20} />
          <span>{t`产品`}</span>
        </h1>
      </header>
      <div className="tp-content">
        <section className="tp-target" aria-label={t`放置位置`}>
          <p className="tp-target__what">
            {replaceOn ? (
              <Trans>点击产品替换：{model.name || t`未命名`}</Trans>
            ) : roomName !== null ? (
              <Trans>放置到房间：{roomName}</Trans>
            ) : (
              <Trans>放置到当前楼层最大的房间</Trans>
            )}
          </p>
          <SwitchField
            label={t`替换`}
            hint={model ? t`点击产品替换所选模型，位置和角度不变` : t`先选中一个模型`}
            checked={replaceOn}
            onChange={(on) => setReplacing(on && model !== null)}
          />
        </section>

        {model ? (
          <section className="tp-target" aria-label={t`所选模型`}>
            <PropertiesPanel />
          </section>
        ) : null}

        <Segmented
          label={t`产品库`}
          className="tp-libraries"
          value={library}
          options={[
            { value: 'all', label: t`全部产品` },
            { value: 'public', label: t`公共库` },
            { value: 'brand', label: t`品牌库` },
            { value: 'personal', label: t`个人库` },
            { value: 'favor', label: t`我的收藏` },
          ]}
          onChange={switchLibrary}
        />

        {(library === 'personal' || library === 'brand') && mayManageLibrary(library) ? <ModelUploadBar library={library} onUploaded={query.retry} /> : null}

        <CatalogueSearch query={query} placeholder={t`搜索产品名称、分类、风格`} label={t`搜索产品`} />

        <CatalogueFilters query={query}>
          <FilterSelect label={t`大类`} value={filters.category1} placeholder={t`全部大类`} list={lists?.category1} onChange={(v) => query.change({ category1: v, category2: null })} />
          <FilterSelect label={t`小类`} value={filters.category2} placeholder={t`全部小类`} list={lists?.category2} onChange={(v) => query.change({ category2: v })} />
          <FilterSelect label={t`风格`} value={filters.style} placeholder={t`全部风格`} list={lists?.style} onChange={(v) => query.change({ style: v })} />
        </CatalogueFilters>

        {load.state !== 'done' ? (
          <LoadPending load={load} onRetry={query.retry} />
        ) : shown.length === 0 ? (
          <p className="tp-status">
            {library === 'favor' ? (
              <Trans>暂无收藏的产品</Trans>
            ) : library === 'personal' && !filters.keyword ? (
              <Trans>个人库还没有模型，点击“上传模型”添加</Trans>
            ) : (
              <Trans>没有符合条件的产品</Trans>
            )}
          </p>
        ) : (
          <ul className="tp-grid tp-grid--whole" aria-label={t`产品`}>
            {shown.map((m) => (
              <ProductCard
                key={m.id}
                model={m}
                name={nameOf(m)}
                style={english && m.style_en ? m.style_en : m.style}
                replacing={replaceOn}
                busy={busy}
                favours={favours}
                onPick={() => void pick(m)}
                onDeleted={library === m.library && m.class === 'upload' && m.library !== 'public' && mayManageLibrary(m.library) ? query.retry : undefined}
              />
            ))}
          </ul>
        )}

        <CataloguePager result={result} page={page} onPage={query.setPage} />
      </div>
    </aside>
  );
}

/** One piece: its cover, both names and its size; a click places (or swaps in) it, a drag drops it on the view, the star keeps it. */
function ProductCard({
  model,
  name,
  style,
  replacing,
  busy,
  favours,
  onPick,
  onDeleted,
}: {
  readonly model: CatalogueModel;
  /** the name and style in the interface's language (the catalogue carries both) */
  readonly name: string;
  readonly style: string;
  readonly replacing: boolean;
  readonly busy: boolean;
  readonly favours: Favours<CatalogueModel>;
  readonly onPick: () => void;
  /** given for an uploaded model the user may delete: shows the bin */
  readonly onDeleted?: (() => void) | undefined;
}) {
  const { t } = useLingui();
  const action = replacing ? t`替换为 ${name}` : t`放置 ${name}`;
  return (
    <li className="tp-card" data-model-id={model.model_id}>
      <button
        type="button"
        className="tp-card__lay"
        disabled={busy}
        title={action}
        aria-label={action}
        onClick={onPick}
        draggable={!busy}
        onDragStart={(e) => startProductDrag(e, model, name)}
        onDragEnd={endProductDrag}
      >
        <img className="tp-card__image" src={model.cover_url} alt="" loading="lazy" width={160} height={120} draggable={false} />
        <span className="tp-card__name">{name}</span>
        <span className="tp-card__meta">{style}</span>
        <span className="tp-card__meta">{model.display_size.replace(/x/g, '×')} mm</span>
      </button>
      <FavourButton favoured={favours.isFavoured(model)} name={name} onClick={() => void favours.toggle(model)} />
      {onDeleted ? <DeleteModelButton model={model} name={name} onDeleted={onDeleted} /> : null}
    </li>
  );
}
