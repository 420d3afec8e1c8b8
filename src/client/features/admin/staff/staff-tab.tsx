import { Panel, ScrollTable } from "@client/components/admin/panel";
import { AddStaffForm } from "./add-staff-form";
import { useStaff } from "./staff-api";
import { StaffRow } from "./staff-row";

/** The owner's Staff tab: who can log in, with which role; add, change role, disable, reset password. */
export function StaffTab() {
  const staff = useStaff();
  return (
    <div className="space-y-5">
      <Panel title="Staff accounts">
        {staff.isPending ? (
          <p className="text-sm text-muted">Loading staff…</p>
        ) : staff.isError ? (
          <p className="text-sm text-red-700">Could not load the staff list. Reload the page to try again.</p>
        ) : (
          <ScrollTable label="Staff accounts">
            <table className="w-full text-left text-sm">
              <thead className="text-xs uppercase text-muted">
                <tr>
                  <th className="py-2 pr-3">Username</th>
                  <th className="py-2 pr-3">Role</th>
                  <th className="py-2 pr-3">Status</th>
                  <th className="py-2">Actions</th>
                </tr>
              </thead>
              <tbody>
                {staff.data.map((account) => (
                  <StaffRow key={account.username} account={account} />
                ))}
              </tbody>
            </table>
          </ScrollTable>
        )}
      </Panel>
      <AddStaffForm />
    </div>
  );
}
