/** A report's table: its caption and column headings; the rows are the caller's. */
import type { ReactNode } from 'react';

export function ReportTable(props: { caption: string; columns: string[]; children: ReactNode }) {
  return (
    <table className="report-table">
      <caption>{props.caption}</caption>
      <thead>
        <tr>
          {props.columns.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{props.children}</tbody>
    </table>
  );
}
