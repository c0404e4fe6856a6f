import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { favorPaving, getPavingFilters, MIX_MODE, unfavorPaving, type PavingFilterResult, type PavingItem, type PavingKind } from '../../api';
import type { PavingFace } from '../../protocol/records';
import { api } from '../app/api';
import { CatalogueFilters, CataloguePager, CatalogueResults, CatalogueSearch, FilterSelect, useCatalogueLoad, useCatalogueQuery, useFavours, type LayTarget } from './catalogue-list';
import { Segmented } from './controls';

// The 拼花 (paving patterns) and 水刀 (waterjet medallions) lists of the TileWorkPlan panel
// (catalogues.md §7, /api/admin/paving and /api/admin/waterjet): all or the user's favourites,
// category / brand / spec / mix-mode filters from the server's facets, search, pages of 8 (the
// server's default), and laying the picked pattern with paving.lay like a tile.

/** category: a category id as the facet gives it (a parent includes its children); mode: a mix mode. */
type Filters = { category: string | null; brand: string | null; spec: string | null; mode: string | null; keyword: string };
const NO_FILTERS: Filters = { category: null, brand: null, spec: null, mode: null, keyword: '' };

const MIX_MODES = Object.values(MIX_MODE);

export function PavingList({ kind, target, face }: { readonly kind: PavingKind; readonly target: LayTarget | null; readonly face: PavingFace }) {
  const { t } = useLingui();
  const [library, setLibrary] = useState<'all' | 'favor'>('all');
  const favourites = library === 'favor';
  const query = useCatalogueQuery<Filters>(NO_FILTERS);
  const { filters, page } = query;
  // The favourite is kept by privateId and taken back by the item's id (catalogues.md §7).
  const favours = useFavours<PavingItem>(
    (item) => item.favor,
    async (item, favoured) => (favoured ? await unfavorPaving(api, kind, item.id, { silent: true }) : await favorPaving(api, kind, item.privateId, { silent: true })).favor,
  );

  const load = useCatalogueLoad<PavingFilterResult>(
    JSON.stringify([kind, favourites, filters, page, query.attempt]),
    (signal) => {
      const { category, brand, spec, mode, keyword } = filters;
      return getPavingFilters(
        api,
        kind,
        {
          page,
          category: category === null ? undefined : Number(category),
          brand: brand ?? undefined,
          spec: spec ?? undefined,
          mode: MIX_MODES.find((m) => m === mode),
          keyword: keyword || undefined,
          favor: favourites || undefined,
        },
        { silent: true, signal },
      );
    },
    favours.reset,
  );

  const result = load.state === 'done' ? load.result : null;
  const lists = result?.filters;

  function switchLibrary(next: 'all' | 'favor') {
    setLibrary(next);
    query.clear();
  }

  const shown = result ? result.data.filter((item) => !favourites || favours.isFavoured(item)) : [];
  const waterjet = kind === 'waterjet';

  return (
    <>
      <Segmented
        label={waterjet ? t`水刀库` : t`拼花库`}
        className="tp-libraries"
        value={library}
        options={[
          { value: 'all', label: t`全部` },
          { value: 'favor', label: t`我的收藏` },
        ]}
        onChange={switchLibrary}
      />

      <CatalogueSearch
        query={query}
        placeholder={waterjet ? t`搜索水刀名称、编码、品牌` : t`搜索拼花名称、编码、品牌`}
        label={waterjet ? t`搜索水刀` : t`搜索拼花`}
      />

      <CatalogueFilters query={query}>
        <FilterSelect label={t`分类`} value={filters.category} placeholder={t`全部分类`} list={lists?.category} onChange={(v) => query.change({ category: v })} />
        <FilterSelect label={t`品牌`} value={filters.brand} placeholder={t`全部品牌`} list={lists?.brand} onChange={(v) => query.change({ brand: v })} />
        <FilterSelect label={t`规格`} value={filters.spec} placeholder={t`全部规格`} list={lists?.spec} onChange={(v) => query.change({ spec: v })} />
        <FilterSelect label={t`铺贴方式`} value={filters.mode} placeholder={t`全部方式`} list={lists?.mode} onChange={(v) => query.change({ mode: v })} />
      </CatalogueFilters>

      <CatalogueResults
        load={load}
        items={shown}
        label={waterjet ? t`水刀` : t`拼花`}
        emptyText={
          favourites ? (
            waterjet ? (
              <Trans>暂无收藏的水刀</Trans>
            ) : (
              <Trans>暂无收藏的拼花</Trans>
            )
          ) : waterjet ? (
            <Trans>没有符合条件的水刀</Trans>
          ) : (
            <Trans>没有符合条件的拼花</Trans>
          )
        }
        onRetry={query.retry}
        favours={favours}
        target={target}
        face={face}
        detail={(item) => item.category_name}
        wholePictures={waterjet}
      />

      <CataloguePager result={result} page={page} onPage={query.setPage} />
    </>
  );
}
