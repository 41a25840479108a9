export function NavigationProgress() {
  return null;
}
