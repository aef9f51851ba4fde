import { endpoints } from '@chamber/contract/endpoints';
import type { UpdateOwnProfile } from '@chamber/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { useAuth } from '@/lib/auth/use-auth';
import { memberKeys } from '@/lib/api/members';

/** PUT /auth/profile: saves one's own profile and answers the updated profile (409: email taken). */
export function updateOwnProfile(body: UpdateOwnProfile) {
  return api.call(endpoints.auth.updateProfile, { body, errorMessage: 'Failed to update profile' });
}

/**
 * Saves one's own profile. The answer becomes the signed-in user (the header shows the new
 * name at once) and member data refetches, as the linked contact changed too.
 */
export function useUpdateOwnProfile() {
  const queryClient = useQueryClient();
  const { setUser } = useAuth();
  return useMutation({
    mutationFn: updateOwnProfile,
    onSuccess: (profile) => {
      setUser(profile);
      void queryClient.invalidateQueries({ queryKey: memberKeys.all });
    },
  });
}
