/** 1234.5 → '1,234.50': amounts as the dashboard shows them */
export const money = (amount: number) => amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
