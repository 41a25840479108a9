export function LandingPage() {
  return <main>StudyPath</main>;
}
