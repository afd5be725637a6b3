import type { EducationVideo, EducationVideoForm } from '@liaison/protocol';
import { type Sql, toNumber } from '../../db/database';
import { escapeLike } from '../../im/search/cursor';
import type { PageOf, Paging } from '../paging';
import { uploadUrl } from './content-fields';

interface VideoRow {
  id: unknown;
  title: string;
  cover: string;
  video_url: string;
  duration_s: unknown;
  created_at: unknown;
}

const COLUMNS = 'id, title, cover, video_url, duration_s, created_at';

/** Newest first, optionally by a part of the title; the same list for learners and admins. */
export async function pageEducationVideos(
  db: Sql,
  title: string | undefined,
  paging: Paging,
): Promise<PageOf<EducationVideo>> {
  const pattern = title ? `%${escapeLike(title)}%` : null;
  const where = `($1::text IS NULL OR title ILIKE $1 ESCAPE '\\')`;
  const [count] = await db.query<{ n: unknown }>(`SELECT count(*) AS n FROM portal_education_videos WHERE ${where}`, [
    pattern,
  ]);
  const rows = await db.query<VideoRow>(
    `SELECT ${COLUMNS} FROM portal_education_videos WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [pattern, paging.pageSize, paging.offset],
  );
  return { total: toNumber(count?.n), rows: rows.map(toVideo) };
}

export async function createEducationVideo(
  db: Sql,
  form: EducationVideoForm,
  now = Date.now(),
): Promise<EducationVideo> {
  const [row] = await db.query<VideoRow>(
    `INSERT INTO portal_education_videos (title, cover, video_url, duration_s, created_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
    [form.title, form.cover, form.videoUrl, form.durationS, now],
  );
  return toVideo(row as VideoRow);
}

/** Null when there is no such video. */
export async function updateEducationVideo(
  db: Sql,
  id: string,
  form: EducationVideoForm,
): Promise<EducationVideo | null> {
  const [row] = await db.query<VideoRow>(
    `UPDATE portal_education_videos SET title = $2, cover = $3, video_url = $4, duration_s = $5
      WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, form.title, form.cover, form.videoUrl, form.durationS],
  );
  return row ? toVideo(row) : null;
}

export async function deleteEducationVideo(db: Sql, id: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM portal_education_videos WHERE id = $1 RETURNING id', [id]);
  return rows.length === 1;
}

function toVideo(row: VideoRow): EducationVideo {
  return {
    id: String(toNumber(row.id)),
    title: row.title,
    cover: row.cover,
    coverUrl: uploadUrl(row.cover),
    videoUrl: row.video_url,
    durationS: toNumber(row.duration_s),
    createdAt: toNumber(row.created_at),
  };
}
