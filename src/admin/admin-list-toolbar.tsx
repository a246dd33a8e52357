import { Tabs } from '@ark-ui/react/tabs';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Button } from '../components/ui/button';
import { inputClass } from '../components/ui/field';
import { SelectField } from '../components/ui/select-field';

// Every admin list page has the same frame and the same toolbar: a heading, then either status tabs
// (applications, payouts, refunds, payments) or a filter with a search (orders, artists). The chosen
// status, filter and search live in the URL: the pages navigate, the toolbar only reports the choice.

/** The frame of an admin list page: its heading, an optional line on what it lists, then the list. */
export function AdminListPage({
  title,
  intro,
  narrow = false,
  children,
}: {
  title: string;
  intro?: ReactNode;
  /** A queue of cards reads better narrower than a table. */
  narrow?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={css({ maxW: narrow ? '5xl' : '7xl', mx: 'auto', px: '4', py: '8' })}>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'extrabold', mb: intro ? '2' : '4' })}>{title}</h1>
      {intro ? <p className={css({ color: 'fg.muted', mb: '4', maxW: '3xl' })}>{intro}</p> : null}
      {children}
    </div>
  );
}

export interface StatusTab<S extends string> {
  status: S;
  label: string;
  /** What the list says when nothing has this status. */
  empty: string;
}

export const tabTrigger = css({
  px: '4',
  py: '2.5',
  fontWeight: 'semibold',
  color: 'fg.muted',
  cursor: 'pointer',
  borderBottomWidth: '3px',
  borderColor: 'transparent',
  mb: '-1px',
  _hover: { color: 'fg.default' },
  _selected: { color: 'brand.700', borderColor: 'brand.600' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.400', outlineOffset: '-2px' },
});

/**
 * A list's status tabs (Ark UI Tabs: arrow keys move between tabs, Enter or Space opens one, so moving
 * does not load a list per key). Only the chosen tab's panel renders its list.
 */
export function StatusTabs<S extends string>({
  label,
  tabs,
  value,
  onValueChange,
  children,
}: {
  /** The tab list's accessible name, e.g. "Refund status". */
  label: string;
  tabs: readonly StatusTab<S>[];
  value: S;
  onValueChange: (status: S) => void;
  children: (tab: StatusTab<S>) => ReactNode;
}) {
  return (
    <Tabs.Root value={value} activationMode="manual" onValueChange={(details) => onValueChange(details.value as S)}>
      <Tabs.List
        aria-label={label}
        className={css({ display: 'flex', flexWrap: 'wrap', borderBottomWidth: '1px', borderColor: 'border.default' })}
      >
        {tabs.map((tab) => (
          <Tabs.Trigger key={tab.status} value={tab.status} className={tabTrigger}>
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Content key={tab.status} value={tab.status} className={css({ pt: '4' })}>
          {tab.status === value ? children(tab) : null}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

export interface ListFilter<S extends string> {
  label: string;
  options: readonly { value: S; display: string }[];
  value: S;
  onValueChange: (value: S) => void;
}

export interface ListSearch {
  /** The search form's accessible name, e.g. "Search orders". */
  label: string;
  /** The box's id, unique on the page. */
  id: string;
  placeholder: string;
  /** The search in the URL (?q=). */
  value: string | undefined;
  /** The trimmed text, at most 100 characters; empty clears the search. */
  onSearch: (text: string) => void;
  /** Said under the toolbar while a search is on: what is shown, and the link that clears it. */
  summary?: ReactNode;
}

/** A list's toolbar: a filter and a search box. */
export function AdminListToolbar<S extends string>({ filter, search }: { filter: ListFilter<S>; search: ListSearch }) {
  return (
    <>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '4', alignItems: 'flex-end', mb: '4' })}>
        <div className={css({ w: { base: 'full', sm: '20rem' } })}>
          <SelectField
            label={filter.label}
            options={filter.options}
            value={filter.value}
            onChange={(value) => filter.onValueChange(value as S)}
          />
        </div>
        {/* Uncontrolled: the address holds the search; the box is read when the form is sent. */}
        <form
          aria-label={search.label}
          key={search.value ?? ''}
          className={css({
            display: 'flex',
            gap: '2',
            alignItems: 'flex-end',
            flex: '1',
            minW: { base: 'full', sm: '20rem' },
          })}
          onSubmit={(e) => {
            e.preventDefault();
            const text = String(new FormData(e.currentTarget).get('q') ?? '').trim();
            search.onSearch(text.slice(0, 100));
          }}
        >
          <div className={css({ flex: '1', mb: '4' })}>
            <label
              htmlFor={search.id}
              className={css({ display: 'block', fontWeight: 'semibold', mb: '1', fontSize: 'sm' })}
            >
              Search
            </label>
            <input
              id={search.id}
              name="q"
              type="search"
              defaultValue={search.value ?? ''}
              maxLength={100}
              placeholder={search.placeholder}
              className={inputClass}
            />
          </div>
          <Button type="submit" color="secondary" className={css({ mb: '4' })}>
            Search
          </Button>
        </form>
      </div>
      {search.value && search.summary ? <p className={css({ mb: '4' })}>{search.summary}</p> : null}
    </>
  );
}
