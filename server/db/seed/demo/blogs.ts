import { blogSlug } from "@common/blog-slug";
import { blogPosts } from "../../schema";
import { insertChunks, type SeedContext } from "./context";

type DemoPost = {
  title: string;
  content: string;
  state: "published" | "scheduled" | "draft";
  createdDaysAgo: number;
  publishInDays?: number;
};

/** A few posts in each state the list shows (Publicado, Programado, Borrador), with plain sanitised HTML. */
export const DEMO_POSTS: readonly DemoPost[] = [
  {
    title: "Cómo elegir el calibre de cable para tu casa",
    content:
      "<h2>Calibre y amperaje</h2><p>El calibre depende de la corriente del circuito: <strong>14 AWG</strong> para alumbrado (15 A), <strong>12 AWG</strong> para contactos (20 A) y <strong>10 AWG</strong> para equipos de 30 A.</p><ul><li>Revisa la distancia: a más metros, más caída de tensión.</li><li>Usa cable THW-LS en interiores.</li></ul>",
    state: "published",
    createdDaysAgo: 45,
  },
  {
    title: "Interruptores termomagnéticos: cuándo usar 1, 2 o 3 polos",
    content:
      "<p>Un circuito de 127 V usa un interruptor de <em>1 polo</em>; uno de 220 V (minisplit, bomba), de <em>2 polos</em>; los motores trifásicos, de <em>3 polos</em>.</p><blockquote>Nunca sustituyas un interruptor por otro de mayor amperaje sin cambiar el cable.</blockquote>",
    state: "published",
    createdDaysAgo: 30,
  },
  {
    title: "Iluminación LED: lúmenes, kelvin y ahorro",
    content:
      "<h2>Lúmenes, no watts</h2><p>Compara focos por lúmenes. La temperatura de color se mide en kelvin: <strong>3000 K</strong> es luz cálida y <strong>6500 K</strong> luz de día.</p><ol><li>Recámaras: 3000 K.</li><li>Cocina y oficina: 4000–6500 K.</li></ol>",
    state: "published",
    createdDaysAgo: 12,
  },
  {
    title: "Guía de centros de carga para obra nueva",
    content: "<p>Cuántos espacios dejar libres, dónde instalar el centro de carga y cómo identificar cada circuito.</p>",
    state: "scheduled",
    createdDaysAgo: 3,
    publishInDays: 7,
  },
  {
    title: "Tierra física: por qué tu instalación la necesita",
    content: "<p>La tierra física protege a las personas y a los equipos ante una falla de aislamiento.</p>",
    state: "scheduled",
    createdDaysAgo: 2,
    publishInDays: 21,
  },
  {
    title: "Borrador: canaletas y tubería conduit",
    content: "<p>Pendiente: comparar canaleta de PVC y tubo conduit pared delgada.</p>",
    state: "draft",
    createdDaysAgo: 1,
  },
  {
    title: "Ideas para el próximo boletín",
    content: "",
    state: "draft",
    createdDaysAgo: 0,
  },
];

export async function seedBlogs(ctx: SeedContext) {
  const { tx, clock } = ctx;
  // Oldest first, so ids grow with the creation date like posts created through the screen.
  const posts = [...DEMO_POSTS].sort((a, b) => b.createdDaysAgo - a.createdDaysAgo);
  await insertChunks(
    tx,
    blogPosts,
    posts.map((p) => {
      const created = clock.at(p.createdDaysAgo, 10, 20).toJSDate();
      return {
        title: p.title,
        content: p.content,
        slug: blogSlug(p.title),
        status: p.state !== "draft",
        publishAt: p.publishInDays ? clock.today.plus({ days: p.publishInDays }).set({ hour: 9 }).toJSDate() : null,
        featuredImage: null,
        createdAt: created,
        updatedAt: created,
      };
    }),
  );
  return posts.length;
}
