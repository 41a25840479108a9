export function PageEmptyState({ page }: { page: string }) {
  return <main>{page}</main>;
}
