import type { MarkdownFile, MarkdownFileDetail } from '@scrutineer/contracts';
import type { MarkdownRow } from './markdown.repository.js';

export function presentMarkdown(row: MarkdownRow): MarkdownFile {
  return {
    id: row.id,
    title: row.title,
    file_name: row.fileName,
    file_type: row.fileType,
    size: row.size,
    url: `/api/markdown-settings/${row.id}/download`,
    last_modified: row.lastModified.toISOString(),
  };
}

export const presentMarkdownDetail = (row: MarkdownRow): MarkdownFileDetail => ({
  ...presentMarkdown(row),
  markdown_content: row.content,
});
