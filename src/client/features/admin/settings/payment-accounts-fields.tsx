import { PAYMENT_METHOD_NAMES, PAYMENT_METHODS, type PaymentAccount } from "@shared/rules/advance.js";
import { Button } from "@client/components/ui/button";
import { Input } from "@client/components/ui/input";
import { NativeSelect } from "@client/components/ui/native-select";

/** The shop's accounts shoppers send an advance to, each a method, a title and a number. */
export function PaymentAccountsFields({
  accounts,
  onChange,
}: {
  accounts: PaymentAccount[];
  onChange: (accounts: PaymentAccount[]) => void;
}) {
  const setAccount = (n: number, change: Partial<PaymentAccount>) =>
    onChange(accounts.map((a, i) => (i === n ? { ...a, ...change } : a)));
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium">Where shoppers send the advance</legend>
      {accounts.map((a, n) => (
        <div key={n} className="grid gap-2 sm:grid-cols-[10rem_1fr_1fr_auto]">
          <NativeSelect
            aria-label={`Account ${n + 1}: method`}
            value={a.method}
            onChange={(e) => setAccount(n, { method: e.target.value as PaymentAccount["method"] })}
          >
            {PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {PAYMENT_METHOD_NAMES[m]}
              </option>
            ))}
          </NativeSelect>
          <Input
            aria-label={`Account ${n + 1}: title`}
            placeholder="Account title or bank"
            value={a.title}
            onChange={(e) => setAccount(n, { title: e.target.value })}
          />
          <Input
            aria-label={`Account ${n + 1}: number`}
            placeholder="IBAN, Raast ID or wallet number"
            value={a.account}
            onChange={(e) => setAccount(n, { account: e.target.value })}
          />
          <Button variant="outline" size="sm" onClick={() => onChange(accounts.filter((_, i) => i !== n))}>
            Remove
          </Button>
        </div>
      ))}
      <Button
        variant="outline"
        size="sm"
        onClick={() => onChange([...accounts, { method: "easypaisa", title: "", account: "" }])}
      >
        Add an account
      </Button>
    </fieldset>
  );
}
