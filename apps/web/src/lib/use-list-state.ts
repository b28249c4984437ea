import { useMemo, useState } from 'react';
import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';

export type SortOrder = 'asc' | 'desc';

export interface ListDefaults<S extends string> {
  sort: S;
  order: SortOrder;
  pageSize?: number;
  search?: string;
}

/**
 * Paging, sorting and search of one server-paginated list: the query to send and the models a
 * data grid reads. Grid column fields that sort are named after the server's sort keys.
 */
export function useListState<S extends string>(defaults: ListDefaults<S>) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(defaults.pageSize ?? 25);
  const [sort, setSort] = useState<S>(defaults.sort);
  const [order, setOrder] = useState<SortOrder>(defaults.order);
  const [search, setSearchText] = useState(defaults.search ?? '');

  const query = {
    page,
    page_size: pageSize,
    sort,
    order,
    search: search.trim() || undefined,
  };

  // The grid takes a new model object as a change: a new sort model each render sent it back
  // to the first page as soon as the next page's rows arrived.
  const paginationModel = useMemo<GridPaginationModel>(
    () => ({ page: page - 1, pageSize }),
    [page, pageSize],
  );
  const sortModel = useMemo<GridSortModel>(() => [{ field: sort, sort: order }], [sort, order]);

  function onPaginationModelChange(model: GridPaginationModel) {
    setPage(model.pageSize === pageSize ? model.page + 1 : 1);
    setPageSize(model.pageSize);
  }

  // An unsorted click returns to the list's default order.
  function onSortModelChange(model: GridSortModel) {
    const first = model[0];
    setSort(first ? (first.field as S) : defaults.sort);
    setOrder(first?.sort ?? defaults.order);
    setPage(1);
  }

  function setSearch(text: string) {
    setSearchText(text);
    setPage(1);
  }

  return {
    query,
    search,
    setSearch,
    setPage,
    grid: { paginationModel, sortModel, onPaginationModelChange, onSortModelChange },
  };
}

export type ListState = ReturnType<typeof useListState>;
