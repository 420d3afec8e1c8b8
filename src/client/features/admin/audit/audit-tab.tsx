import { useState } from "react";
import { Field } from "@client/components/ui/field";
import { Input } from "@client/components/ui/input";
import { OffsetPager } from "@client/components/admin/offset-pager";
import { Panel, ScrollTable } from "@client/components/admin/panel";
import { AUDIT_PAGE_SIZE, useAudit } from "./audit-api";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const show = (value: unknown) => (value == null ? "" : JSON.stringify(value));

/** The owner's audit log: every staff change, newest first, filtered by person and order. */
export function AuditTab() {
  const [actor, setActor] = useState("");
  const [orderId, setOrderId] = useState("");
  const [offset, setOffset] = useState(0);
  const validOrder = UUID.test(orderId.trim()) ? orderId.trim() : "";
  const audit = useAudit(actor.trim(), validOrder, offset);
  return (
    <Panel title="Audit log">
      <div className="mb-4 grid gap-3 sm:grid-cols-2">
        <Field id="audit-actor" label="Person (username)">
          <Input id="audit-actor" value={actor} onChange={(e) => (setActor(e.target.value), setOffset(0))} />
        </Field>
        <Field
          id="audit-order"
          label="Order id"
          error={orderId.trim() && !validOrder ? "Paste the whole order id" : undefined}
        >
          <Input id="audit-order" value={orderId} onChange={(e) => (setOrderId(e.target.value), setOffset(0))} />
        </Field>
      </div>
      {audit.isError ? (
        <p className="text-sm text-red-700">Could not load the audit log. Reload the page to try again.</p>
      ) : !audit.data ? (
        <p className="text-sm text-muted">Loading…</p>
      ) : audit.data.entries.length === 0 ? (
        <p className="text-sm text-muted">Nothing recorded for this filter.</p>
      ) : (
        <>
          <ScrollTable label="Audit entries">
            <table className="w-full text-left text-sm">
              <thead className="text-xs uppercase text-muted">
                <tr>
                  <th className="py-2 pr-3">When</th>
                  <th className="py-2 pr-3">Who</th>
                  <th className="py-2 pr-3">What</th>
                  <th className="py-2 pr-3">Before</th>
                  <th className="py-2">After</th>
                </tr>
              </thead>
              <tbody>
                {audit.data.entries.map((e) => (
                  <tr key={e.id} className="border-t border-ink/5 align-top">
                    <td className="py-2 pr-3 whitespace-nowrap">{new Date(e.at).toLocaleString("en-PK")}</td>
                    <td className="py-2 pr-3">{e.actor}</td>
                    <td className="py-2 pr-3">
                      {e.action} <span className="text-muted">{e.entityId}</span>
                    </td>
                    <td className="py-2 pr-3 font-mono text-xs break-all">{show(e.before)}</td>
                    <td className="py-2 font-mono text-xs break-all">{show(e.after)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
          <OffsetPager
            label="Audit log pages"
            offset={offset}
            pageSize={AUDIT_PAGE_SIZE}
            total={audit.data.total}
            onOffset={setOffset}
            previousLabel="Newer"
            nextLabel="Older"
          />
        </>
      )}
    </Panel>
  );
}
