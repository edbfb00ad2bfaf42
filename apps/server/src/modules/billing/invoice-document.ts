import { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { orderItemDescription, templatePatients, type Order } from '@archline/contracts';
import { printable } from '../../platform/labels/text.ts';

/**
 * An invoice as a printable PDF (US Letter, pdfkit) or as CSV. Both are streamed to the response
 * as they are produced; money arrives in cents and shows as $ with 2 decimals.
 */

const money = (cents: number) => `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toFixed(2)}`;

/** The invoice's name on screen and in the file name. */
export function invoiceName(order: Order): string {
  return order.invoice_id ?? `INV-${String(order.id).padStart(6, '0')}`;
}

export function invoiceFileName(order: Order, type: 'pdf' | 'csv'): string {
  return `invoice-${invoiceName(order).replace(/[^A-Za-z0-9_-]/g, '_')}.${type}`;
}

function itemLabel(item: Order['order_items'][number]): string {
  const patient = item.patient
    ? ` - ${item.patient.full_name}${item.patient.case_number_text ? ` (${item.patient.case_number_text})` : ''}`
    : '';
  return `${orderItemDescription(item)}${patient}`;
}

function adjustmentLabel(a: Order['discounts'][number]): string {
  return a.custom_description ?? a.promotion_code?.description ?? a.product?.name ?? 'Adjustment';
}

/** The invoice rows in order: items, discounts (negative), charges. */
export function invoiceRows(order: Order): { description: string; amount: number }[] {
  return [
    ...order.order_items
      .filter((i) => !i.is_hidden)
      .map((i) => ({ description: itemLabel(i), amount: i.value })),
    ...order.discounts.map((d) => ({
      description: `Discount: ${adjustmentLabel(d)}${d.promotion_code ? ` (${d.promotion_code.code})` : ''}`,
      amount: -d.value,
    })),
    ...order.charges.map((c) => ({ description: `Charge: ${adjustmentLabel(c)}`, amount: c.value })),
  ];
}

function summaryRows(order: Order): [string, number][] {
  const rows: [string, number][] = [['Subtotal', order.subtotal]];
  if (order.credits) rows.push(['Credits', -order.credits]);
  if (order.tax) rows.push(['Tax', order.tax]);
  if (order.credit_card_fee) rows.push(['Credit card fee (1.49%)', order.credit_card_fee]);
  rows.push(['Total', order.total]);
  return rows;
}

/** The PDF as a stream; pdfkit writes page by page. */
export function invoicePdf(order: Order): Readable {
  const name = invoiceName(order);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 54,
    info: { Title: printable(`Invoice ${name}`), Creator: 'Archline', Producer: 'Archline' },
  });
  const left = 54;
  const right = doc.page.width - 54;
  const amountWidth = 110;

  doc.font('Helvetica-Bold').fontSize(20).text('Archline', left, 54);
  doc.font('Helvetica').fontSize(10).fillColor('#555555').text('Digital orthodontic services', left);
  doc
    .fillColor('#000000')
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(`Invoice ${printable(name)}`, left, 54, {
      width: right - left,
      align: 'right',
    });
  doc.font('Helvetica').fontSize(10);
  const facts: [string, string][] = [
    ['Organization', order.organization.name],
    ['Invoice date', order.invoice_date ?? order.created_at.slice(0, 10)],
    ['Status', order.fm_invoice_status],
  ];
  if (order.period_start && order.period_end)
    facts.push(['Period', `${order.period_start} to ${order.period_end}`]);
  if (order.invoice_label) facts.push(['Label', order.invoice_label]);
  for (const [label, value] of facts)
    doc.text(`${label}: ${printable(value)}`, left, undefined, { width: right - left, align: 'right' });

  let y = Math.max(doc.y, 150) + 20;
  const header = () => {
    doc.font('Helvetica-Bold').fontSize(10);
    doc.text('Description', left, y, { width: right - left - amountWidth });
    doc.text('Amount', right - amountWidth, y, { width: amountWidth, align: 'right' });
    y += 16;
    doc.moveTo(left, y).lineTo(right, y).strokeColor('#999999').stroke();
    y += 6;
    doc.font('Helvetica').fontSize(10);
  };
  header();
  const rows = invoiceRows(order);
  if (!rows.length) {
    doc.text('No items.', left, y);
    y += 16;
  }
  for (const row of rows) {
    const text = printable(row.description);
    const height = doc.heightOfString(text, { width: right - left - amountWidth - 10 });
    if (y + height > doc.page.height - 120) {
      doc.addPage();
      y = 54;
      header();
    }
    doc.text(text, left, y, { width: right - left - amountWidth - 10 });
    doc.text(money(row.amount), right - amountWidth, y, { width: amountWidth, align: 'right' });
    y += Math.max(height, 12) + 6;
  }
  y += 6;
  doc.moveTo(left, y).lineTo(right, y).strokeColor('#999999').stroke();
  y += 10;
  for (const [label, amount] of summaryRows(order)) {
    doc.font(label === 'Total' ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(label, right - 260, y, { width: 150, align: 'right' });
    doc.text(money(amount), right - amountWidth, y, { width: amountWidth, align: 'right' });
    y += 16;
  }
  const patients = templatePatients(order);
  if (patients.length) {
    y += 14;
    if (y > doc.page.height - 160) {
      doc.addPage();
      y = 54;
    }
    doc.font('Helvetica-Bold').fontSize(12).text('Cases', left, y);
    y += 20;
    for (const p of patients) {
      const lines = [
        `${p.patient_name}${p.case_number_text ? ` (${p.case_number_text})` : ''}, created ${p.creation_date ?? '-'}`,
        `Doctor: ${p.doctor_name}${p.doctor_account_number ? ` (${p.doctor_account_number})` : ''}`,
        `Base fee ${money(p.base_fee)}`,
        ...p.deductions.map((d) => `Deduction: ${d.label} ${money(-d.value)}`),
        ...p.add_ons.map((a) => `Add-on: ${a.label}${a.details ? ` (${a.details})` : ''} ${money(a.value)}`),
      ].map(printable);
      const height = lines.length * 13 + 8;
      if (y + height > doc.page.height - 54) {
        doc.addPage();
        y = 54;
      }
      doc.font('Helvetica').fontSize(9);
      lines.forEach((line, i) =>
        doc.text(line, left, y + i * 13, { width: right - left - amountWidth - 10 }),
      );
      doc
        .font('Helvetica-Bold')
        .text(money(p.total), right - amountWidth, y, { width: amountWidth, align: 'right' });
      y += height;
    }
  }
  doc.end();
  return doc as unknown as Readable;
}

function csvCell(value: string): string {
  // A leading formula character is neutralised so a spreadsheet never runs it.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The CSV as a stream of lines: a header, one line per row, then the summary lines. */
export function invoiceCsv(order: Order): Readable {
  const name = invoiceName(order);
  const date = order.invoice_date ?? order.created_at.slice(0, 10);
  const lines = function* () {
    yield 'Invoice,Invoice Date,Organization,Status,Description,Amount\r\n';
    const prefix = [name, date, order.organization.name, order.fm_invoice_status];
    for (const row of invoiceRows(order))
      yield `${[...prefix, row.description].map(csvCell).join(',')},${(row.amount / 100).toFixed(2)}\r\n`;
    for (const [label, amount] of summaryRows(order))
      yield `${[...prefix, label].map(csvCell).join(',')},${(amount / 100).toFixed(2)}\r\n`;
  };
  return Readable.from(lines());
}
