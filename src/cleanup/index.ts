/**
 * The cleanup stage: the spec's `cleanup.mode` (raw, stripTags, cleanHTML)
 * and, with `useMetadata`, the page's title and description.
 */
import type { CleanupMode } from '../types.js';
import { parseHtml } from './dom.js';
import { extractMainContent, mainContentOf } from './main-content.js';
import { extractMetadata, PageMetadata } from './metadata.js';
import { stripTags, textOf } from './strip-tags.js';

export type { CleanupMode };

export interface CleanupOptions {
  /** Also return the page's title and description (the spec's cleanup.useMetadata). No effect for raw. */
  useMetadata?: boolean;
  /** cleanHTML only: put the page's headline first (default true). */
  includeHeadline?: boolean;
}

export interface CleanupResult {
  text: string;
  metadata?: PageMetadata;
}

export function cleanup(input: string, mode: CleanupMode, opts: CleanupOptions = {}): CleanupResult {
  if (mode === 'raw') return { text: input };
  // One parse serves both: the metadata is read before the main-content
  // extraction prunes the tree.
  const root = parseHtml(input);
  const metadata = opts.useMetadata ? extractMetadata(root) : undefined;
  const text = mode === 'stripTags' ? textOf(root) : mainContentOf(root, { includeHeadline: opts.includeHeadline });
  return metadata === undefined ? { text } : { text, metadata };
}

export { stripTags, extractMainContent, extractMetadata, type PageMetadata };
