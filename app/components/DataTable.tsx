import type { ReactNode } from "react";
import * as a from "~/components/admin.css";
import { stacked } from "~/components/data-table.css";

/** One column: its heading and what each row shows in it. */
export interface Column<Row> {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** the heading as plain text, shown beside each value when a phone stacks the row; defaults to `header` when it is a string */
  label?: string;
  className?: string;
}

/**
 * A list shown as a table: a caption, one heading row, a row per item. On a phone each row becomes a card
 * of label–value lines (data-table.css.ts), so nothing scrolls sideways. The portal's lists use this one
 * component, so they read alike and how a table behaves on a small screen is decided in one place.
 */
export function DataTable<Row extends { id: string | number }>({
  caption,
  captionClassName,
  columns,
  rows,
  scrollClassName = a.tableScroll,
  tableClassName = a.table,
}: {
  caption: ReactNode;
  captionClassName?: string;
  columns: ReadonlyArray<Column<Row> | null | false>;
  rows: readonly Row[];
  scrollClassName?: string;
  tableClassName?: string;
}) {
  const shown = columns.filter((c): c is Column<Row> => Boolean(c));
  return (
    <div className={scrollClassName}>
      <table className={`${tableClassName} ${stacked}`}>
        <caption className={captionClassName}>{caption}</caption>
        <thead>
          <tr>
            {shown.map((c, i) => (
              <th scope="col" key={i}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              {shown.map((c, i) => (
                <td key={i} className={c.className} data-label={c.label ?? (typeof c.header === "string" ? c.header : "")}>
                  <div>{c.cell(row)}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
