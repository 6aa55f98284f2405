/**
 * The curve of issue 30 as a small SVG: each read's cost (CPU time per request of the API and the
 * database) against N, on a logarithmic N axis. Written by the scale bench beside its results.
 */
interface ChartWorld {
  scale: number;
  rows: readonly { key: string; route: string; cpuMs: number | null }[];
}

const COLOURS = ['#1b6ca8', '#d1495b', '#2e933c', '#edae49', '#7a4e9c', '#00798c', '#8c564b'];
const W = 640;
const H = 340;
const PAD = { left: 52, right: 230, top: 24, bottom: 40 };

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function scaleChart(worlds: readonly ChartWorld[], keys: readonly string[]): string {
  const sorted = [...worlds].sort((a, b) => a.scale - b.scale);
  const scales = sorted.map((w) => w.scale);
  const series = keys
    .map((key) => ({
      key,
      label: sorted.flatMap((w) => w.rows).find((r) => r.key === key)?.route ?? key,
      points: sorted
        .map((w) => ({ scale: w.scale, cost: w.rows.find((r) => r.key === key)?.cpuMs ?? null }))
        .filter((p): p is { scale: number; cost: number } => p.cost !== null),
    }))
    .filter((s) => s.points.length > 0);
  const maxCost = Math.max(1, ...series.flatMap((s) => s.points.map((p) => p.cost)));
  const top = Math.ceil(maxCost * 1.1 * 2) / 2;
  const lo = Math.log(Math.min(...scales, 1));
  const hi = Math.log(Math.max(...scales, 2));
  const x = (scale: number) => PAD.left + ((Math.log(scale) - lo) / (hi - lo || 1)) * (W - PAD.left - PAD.right);
  const y = (cost: number) => H - PAD.bottom - (cost / top) * (H - PAD.top - PAD.bottom);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="11">`,
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    `<text x="${PAD.left}" y="14" font-size="12">CPU ms per request, API + PostgreSQL (1 API worker), by N</text>`,
  ];
  for (let i = 0; i <= 4; i++) {
    const v = (top * i) / 4;
    parts.push(
      `<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}" stroke="#ddd"/>`,
      `<text x="${PAD.left - 6}" y="${(y(v) + 4).toFixed(1)}" text-anchor="end">${v.toFixed(1)}</text>`,
    );
  }
  for (const scale of scales)
    parts.push(
      `<line x1="${x(scale).toFixed(1)}" x2="${x(scale).toFixed(1)}" y1="${PAD.top}" y2="${H - PAD.bottom}" stroke="#eee"/>`,
      `<text x="${x(scale).toFixed(1)}" y="${H - PAD.bottom + 16}" text-anchor="middle">N=${scale}</text>`,
    );
  series.forEach((s, i) => {
    const colour = COLOURS[i % COLOURS.length]!;
    const path = s.points.map((p) => `${x(p.scale).toFixed(1)},${y(p.cost).toFixed(1)}`).join(' ');
    parts.push(`<polyline points="${path}" fill="none" stroke="${colour}" stroke-width="2"/>`);
    for (const p of s.points)
      parts.push(`<circle cx="${x(p.scale).toFixed(1)}" cy="${y(p.cost).toFixed(1)}" r="3" fill="${colour}"/>`);
    const ly = PAD.top + 10 + i * 18;
    parts.push(
      `<line x1="${W - PAD.right + 12}" x2="${W - PAD.right + 30}" y1="${ly}" y2="${ly}" stroke="${colour}" stroke-width="2"/>`,
      `<text x="${W - PAD.right + 36}" y="${ly + 4}">${escape(s.label.length > 34 ? `${s.label.slice(0, 33)}…` : s.label)}</text>`,
    );
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
