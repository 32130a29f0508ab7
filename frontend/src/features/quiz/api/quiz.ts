import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuizAnswerBody } from '@golf/shared/schemas/quiz';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** Where the player stands with the open quiz (GET /api/golf/user_golf_quiz_answer). */
export const quizStatusQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.quiz.status,
    queryFn: ({ signal }) => api.getQuizStatus({ signal }),
    staleTime: 0,
  });

/** The question asked now (GET /api/golf/quiz); never cached, its clock runs on the server. */
export const activeQuizQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.quiz.active,
    queryFn: ({ signal }) => api.getActiveQuiz({ signal }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/** A round's last finished attempt (GET …/answered?round=). */
export const answeredQuizQueryOptions = (round: number) =>
  queryOptions({
    queryKey: queryKeys.quiz.answered(round),
    queryFn: ({ signal }) => api.getAnsweredQuiz({ query: { round }, signal }),
    staleTime: 0,
  });

/** POST /api/golf/quiz/start: a new attempt with its first question (one under way resumes). */
export function useStartQuiz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.startQuiz(),
    onSuccess: (active) => {
      queryClient.setQueryData(queryKeys.quiz.active, active);
      return queryClient.invalidateQueries({ queryKey: queryKeys.quiz.status });
    },
  });
}

export function useAnswerQuiz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: QuizAnswerBody) => api.answerQuiz({ body }),
    // A finished attempt changes the status, the results and (after the next recompute) the ranking;
    // the active question is left alone, or the result screen would lose its last answer.
    onSuccess: (result) =>
      result.is_finished
        ? Promise.all(
            [queryKeys.ranking.all, queryKeys.quiz.status, queryKeys.quiz.answeredAll].map((queryKey) =>
              queryClient.invalidateQueries({ queryKey }),
            ),
          )
        : undefined,
  });
}
