import type { SpaceContent } from '../../../shared/sharing';

/** For the sharing component tests: the fake tRPC endpoint at the network edge and a signed-in render. */
export { fakeTrpcServer } from '../../test/fake-trpc-server';

export { renderSignedIn, USER_ID } from '../../test/render-signed-in';

export function spaceContent(overrides: Partial<SpaceContent> = {}): SpaceContent {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    uuid: '22222222-2222-4222-8222-222222222222',
    name: 'Cell Biology',
    description: 'How cells work.',
    tags: ['Biology'],
    visibility: 'public',
    isOwner: true,
    hasGeneratedDescription: true,
    membershipId: null,
    role: 'owner',
    directoryId: 'course-1',
    createdAt: '2026-01-01T00:00:00.000Z',
    ownerName: 'Olivia Owner',
    files: [
      { fileId: 'file-1', file: { name: 'Mitosis.pdf', extension: 'pdf' }, isVisible: true },
      { fileId: 'file-2', file: { name: 'Meiosis.pdf', extension: 'pdf' }, isVisible: true },
    ],
    memberCount: 2,
    access: { canStudy: true, canJoin: false, canAcceptInvitation: false, canEditFiles: true, canManage: true, canLeave: false },
    invitationId: null,
    ...overrides,
  };
}

/**
 * Holds the answers to `procedure` until `release()` is called, so a test can look at the page while a call is on its
 * way. Install after fakeTrpcServer: it wraps the fetch that one stubbed.
 */
export function holdCalls(procedure: string) {
  const stubbed = globalThis.fetch;
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.includes(procedure)) await gate;
    return stubbed(input, init);
  };
  return { release: () => release() };
}
