/**
 * Bench-scale blog posts: 5 000 posts over the two years before `anchor` (every 50th a draft, every
 * 40th scheduled ahead), so the list's page, sort and title search are timed on more than one page.
 * Set-based SQL; the same rows on every run.
 */
export const BENCH_BLOG_POSTS = 5_000;

export function benchBlogStatements(anchor: string): string[] {
  const topics = `(array['Cable THW', 'Interruptores termomagnéticos', 'Iluminación LED', 'Centros de carga', 'Tierra física', 'Contactos y apagadores', 'Tubería conduit', 'Reflectores'])`;
  return [
    `insert into blog_posts (title, content, slug, status, publish_at, created_at, updated_at)
      select t.title, '<p>' || t.title || ': guía práctica para instalaciones residenciales e industriales.</p>',
        'bench-' || g || '-' || lower(replace(t.title, ' ', '-')), g % 50 <> 0,
        case when g % 40 = 0 then ${anchor} + ((g % 30) || ' days')::interval end,
        ${anchor} - ((${BENCH_BLOG_POSTS} - g) * 3 || ' hours')::interval, ${anchor} - ((${BENCH_BLOG_POSTS} - g) * 3 || ' hours')::interval
      from generate_series(1, ${BENCH_BLOG_POSTS}) g
      cross join lateral (select ${topics}[1 + g % 8] || ' ' || g as title) t`,
  ];
}
