// Printing a project: a plain document (title, facts, the map image, the pipes table) printed from a hidden frame,
// so neither the map nor the app's layout ends up on paper and no pop-up blocker gets in the way.
export interface PrintableProject {
  title: string;
  facts: readonly (readonly [string, string])[];
  image: string | null;
  imageAlt: string;
  table: { headers: readonly string[]; rows: readonly (readonly string[])[] };
  totals: readonly (readonly [string, string])[];
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

const rows = (pairs: PrintableProject['facts']) =>
  pairs.map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('');

export function projectPrintHtml(project: PrintableProject, language: string): string {
  const head = project.table.headers.map((h) => `<th>${escapeHtml(h)}</th>`).join('');
  const body = project.table.rows
    .map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`)
    .join('');
  // Only a data URL of an image may be embedded: the document is ours, its content is not.
  const image =
    project.image && /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/.test(project.image)
      ? `<img src="${project.image}" alt="${escapeHtml(project.imageAlt)}">`
      : '';
  return `<!doctype html><html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><title>${escapeHtml(project.title)}</title>
<style>body{font:12px system-ui,sans-serif;margin:16mm}h1{font-size:18px}table{border-collapse:collapse;margin:8px 0}
th,td{border:1px solid #999;padding:2px 6px;text-align:left}td{text-align:right}.facts td{text-align:left}
img{max-width:100%;margin:8px 0}</style></head><body><h1>${escapeHtml(project.title)}</h1>
<table class="facts">${rows(project.facts)}</table>${image}
<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>
<table class="facts">${rows(project.totals)}</table></body></html>`;
}

export function printHtml(html: string): void {
  const frame = document.createElement('iframe');
  frame.style.position = 'fixed';
  frame.style.width = '0';
  frame.style.height = '0';
  frame.style.border = '0';
  frame.setAttribute('aria-hidden', 'true');
  document.body.append(frame);
  const doc = frame.contentDocument;
  const view = frame.contentWindow;
  if (!doc || !view) {
    frame.remove();
    return;
  }
  doc.open();
  doc.write(html);
  doc.close();
  const done = () => setTimeout(() => frame.remove(), 1_000);
  view.addEventListener('afterprint', done, { once: true });
  // Images first: a print of a half-loaded document leaves the map out.
  setTimeout(() => {
    view.focus();
    view.print();
    done();
  }, 250);
}
