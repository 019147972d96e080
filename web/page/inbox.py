"""What the page does with each text the engine worker posts, and when: pure Python (no
`pyscript`, no `js`), so that tests drive it on CPython.

The worker posts, on one ordered path, the answers to the page's messages and the updates it
starts itself (the computers' moves). `Inbox` keeps the messages on their way (`expect`),
takes each decoded text in arrival order (`receive`) and says what goes into the store now:
the answer to one of the page's own intents at once, and, for a state, without the computers'
states queued before it (they are older: the path is ordered, so the answer overtook them);
a computer's state only when the page asks for the next one due (`due`), the speed setting's
pause after the state shown before it.
"""


class Inbox:
    """The page's side of the channel: messages on their way and updates waiting."""

    def __init__(self):
        self.pending = {}  # id -> (message, take): messages on their way
        self.answers = {}  # id -> decoded answer, until `answer` hands it over
        self.queue = []  # (answer, message) of updates waiting to be shown, oldest first

    def expect(self, msg_id, message, take=False):
        """`message` (id `msg_id`) is on its way; with `take`, its `state` or `error` answer
        goes into the store when it comes."""
        self.pending[msg_id] = (message, take)

    def answer(self, msg_id):
        """The answer to `msg_id`, once (None if it has not come); the message is no longer
        on its way."""
        self.pending.pop(msg_id, None)
        return self.answers.pop(msg_id, None)

    def receive(self, kind, msg_id, answer):
        """A decoded text the worker posted: `kind` "answer" (to `msg_id`) or "update".
        Returns the (answer, message) pairs to take into the store now, in order. An
        update that is a state or an error waits in the queue (`due`); other updates (a
        save's outcome, a review's progress) are returned at once with the message
        `{"type": "update"}`."""
        if kind == "answer":
            if msg_id not in self.pending:
                return []  # an answer no one waits for (or a second one): dropped
            message, take = self.pending[msg_id]
            self.answers[msg_id] = answer
            if not take or answer.get("type") not in ("state", "error"):
                return []
            if answer.get("type") != "state":
                return [(answer, message)]
            ahead = [item for item in self.queue if item[0].get("type") != "state"]
            self.queue = []
            return ahead + [(answer, message)]  # a pushed error keeps its place before it
        if answer.get("type") in ("state", "error"):
            self.queue.append((answer, {"type": "push"}))
            return []
        return [(answer, {"type": "update"})]

    def due(self, now, shown_at, pause):
        """The next queued update to show at time `now` (ms), given when the last state was
        shown and the pause between two computer states: (item, 0) when one is due (it leaves
        the queue), (None, ms to wait) when the next state must wait, (None, 0) when none
        waits."""
        if not self.queue:
            return None, 0
        answer = self.queue[0][0]
        if answer.get("type") == "state":
            wait = shown_at + pause - now
            if wait > 0:
                return None, wait
        return self.queue.pop(0), 0
