import json, os
here = os.path.dirname(os.path.abspath(__file__))
H, F = 'harborbook', 'fernwatch'
def s(p, *n): return [f'{p}-{i:02d}' for i in n]
Q = []
def q(proj, cat, question, answer, sess, stale=None):
    Q.append({'project': proj, 'category': cat, 'question': question, 'answer': answer,
              'sessions': s(proj, *sess), 'stale': stale})

# tech-stack
q(H,'tech-stack',"what database are we on for harborbook?","PostgreSQL 16, postgres:16 db",[1])
q(H,'tech-stack',"remind me what redis is there for","Redis for caching and rate limits",[1])
q(H,'tech-stack',"which tool manages our python dependencies?","uv instead of Poetry, uv.lock",[1])
q(H,'tech-stack',"what runs the background jobs?","arq job queue on Redis, worker service",[4])
q(H,'tech-stack',"what db library do we talk to postgres with","asyncpg with plain SQL, no ORM",[2])
q(F,'tech-stack',"what broker are the esp32s publishing to?","Mosquitto MQTT broker",[1])
q(F,'tech-stack',"what's the server side of fernwatch built with","Go 1.23 with the chi router",[1])
q(F,'tech-stack',"which database holds the sensor data?","TimescaleDB, readings hypertable",[1,2])
q(F,'tech-stack',"what do we test the web app with?","Vitest and React Testing Library, MSW",[3])
q(F,'tech-stack',"what handles data fetching on the frontend","TanStack Query, no Redux",[3])

# architecture
q(H,'architecture',"how do we make sure a slip can't get double booked?","exclusion constraint on slip_id and during tstzrange",[2])
q(H,'architecture',"explain the auth token flow again","JWT access token and refresh token, rotated on every use",[3])
q(H,'architecture',"how is the availability cache keyed and when is it cleared","avail:{marina_id}:{date} keys, invalidation on any booking write",[4])
q(H,'architecture',"how does a booking get marked as paid?","Stripe Checkout webhook checkout.session.completed marks booking confirmed",[5])
q(H,'architecture',"what stops us handling the same stripe webhook twice","event id in processed_events table with unique constraint",[5])
q(H,'architecture',"how do list endpoints paginate?","cursor pagination with opaque base64 cursor",[4])
q(F,'architecture',"how do new readings get pushed to the browser live?","Server-Sent Events on /api/stream with EventSource",[3])
q(F,'architecture',"what does the dashboard read from for long time windows?","continuous aggregate readings_5m, 5-minute averages",[2])
q(F,'architecture',"with several replicas, how is only one of them evaluating alerts?","Postgres advisory lock pg_try_advisory_lock",[4])
q(F,'architecture',"how is dashboard login implemented","session cookies stored in Postgres sessions table, bcrypt passwords",[4])
q(F,'architecture',"what topic pattern do the boards publish on?","topic layout greenhouse/<greenhouse_id>/sensor/<sensor_id>/reading",[1])

# session-continuity
q(H,'session-continuity',"what did we do last time on harborbook?","GitHub Actions CI, pg_isready healthcheck fix, admin slip blocks",[6])
q(H,'session-continuity',"what came out of our very first session?","skeleton with Docker Compose and /healthz endpoint",[1])
q(H,'session-continuity',"what got done in the session where we added payments?","Stripe Checkout payments, switched to dbmate, Amazon SES",[5])
q(H,'session-continuity',"what did I say we'd tackle next?","SMS reminders next session",[6])
q(H,'session-continuity',"what did the auth session end up building?","users and refresh_tokens tables, login refresh logout endpoints",[3])
q(F,'session-continuity',"what did we get through in the last fernwatch session?","ntfy notifications, 15 second alerts, streaming CSV export",[6])
q(F,'session-continuity',"what's up next for fernwatch?","mobile layout for the dashboard",[6])
q(F,'session-continuity',"what happened in the session before the last one?","switch charts to uPlot, RFC 3339 timestamps, goose migrations, 90 day retention",[5])
q(F,'session-continuity',"what did we cover in the second fernwatch session","schema, readings hypertable, readings_5m aggregate, batched inserts",[2])
q(F,'session-continuity',"besides mobile, what's still open?","OTA firmware updates for the ESP32 boards, yearly comparison chart",[6])

# preference
q(H,'preference',"how do I want your answers?","concise answers, bullet points",[1])
q(H,'preference',"what's my rule about pushing to main","never commit directly to main, feature branch and PR",[1])
q(H,'preference',"how should branches be named","feat/<thing> or fix/<thing>",[1])
q(H,'preference',"tests or code first, what do I prefer?","tests first, before the implementation",[2,3,5])
q(H,'preference',"what's my stance on ORMs again","no ORM magic, no SQLAlchemy models",[2])
q(F,'preference',"how do I like code and explanations laid out?","code first, then short explanation, no long intros",[1])
q(F,'preference',"what commit message convention am I using?","Conventional Commits: feat:, fix:, chore:",[1])
q(F,'preference',"how do PRs get merged here?","squash-merge the PRs",[1])
q(F,'preference',"class components ok?","function components with hooks only, no classes",[3])
q(F,'preference',"how did I want styling done?","Tailwind CSS for styling",[3])

# error-solution
q(H,'error-solution',"why did the first bookings migration blow up?","without btree_gist extension; fixed by adding CREATE EXTENSION btree_gist",[2])
q(H,'error-solution',"how did we fix the event loop closed thing in pytest?","asyncpg pool created in FastAPI lifespan, session-scoped loop",[3])
q(H,'error-solution',"why did a cancelled slip still look taken in search?","cancel endpoint never called cache invalidation; moving invalidation into repository layer",[4])
q(H,'error-solution',"what was wrong with stripe signature verification","request.json() re-serialized body; pass raw bytes from request.body()",[5])
q(H,'error-solution',"the api crashing with connection refused on first compose up, what was it","api started before Postgres ready; pg_isready healthcheck, service_healthy",[6])
q(F,'error-solution',"why were readings going missing?","inline insert blocked paho handler; buffered channel, batched CopyFrom",[2])
q(F,'error-solution',"why did the live stream drop after a minute?","nginx proxy_read_timeout 60s; 15 second heartbeat, proxy_buffering off",[3])
q(F,'error-solution',"what caused every alert to arrive twice?","two replicas each ran own alert worker; advisory lock",[4])
q(F,'error-solution',"chart times were an hour off, what was the cause?","custom layout without zone parsed as local time; UTC RFC 3339",[5])
q(F,'error-solution',"how did we stop the big export from killing the server?","stream pgx rows into csv.Writer, Flush every 1000 rows",[6])
q(F,'error-solution',"why did the weekly chart freeze the page?","Recharts SVG, one node per point, ~24k points",[5])

# knowledge-update
q(H,'knowledge-update',"which migration tool are we using?","dbmate with plain SQL files in db/migrations",[1,5],"Alembic")
q(H,'knowledge-update',"how long is an access token good for?","access token 10 minutes",[3,6],"15 minutes")
q(H,'knowledge-update',"what's the ttl on cached availability?","avail keys expire after 30 seconds",[4,6],"60 seconds")
q(H,'knowledge-update',"what sends our transactional emails?","Amazon SES via aioboto3",[4,5],"Postmark")
q(H,'knowledge-update',"what's the default page size on lists?","default limit 50, max 100",[4],"20")
q(F,'knowledge-update',"what are the charts drawn with?","uPlot, TimeChart wrapper",[1,5],"Recharts")
q(F,'knowledge-update',"how long do we keep raw readings?","raw retention 90 days",[2,5],"30 days")
q(F,'knowledge-update',"where do alert notifications go?","self-hosted ntfy, topic fernwatch-alerts",[4,6],"Telegram bot")
q(F,'knowledge-update',"how often do alert rules get checked?","every 15 seconds",[4,6],"30 seconds")

# cross-session
q(H,'cross-session',"what are all the jobs redis does for us now?","availability cache, login rate limiting, arq job queue",[1,3,4])
q(H,'cross-session',"walk me through a booking from creation to the confirmation email","pending_payment, Stripe webhook confirms, arq job emails via Amazon SES",[4,5])
q(H,'cross-session',"what all clears the availability cache?","booking writes create, cancel, reschedule, and slip blocks",[4,6])
q(H,'cross-session',"what are the current lifetimes for both tokens?","access token 10 minutes, refresh token 7 days",[3,6])
q(H,'cross-session',"how does CI tie in with my branching rule?","GitHub Actions on every PR; main protected, never commit directly",[1,6])
q(H,'cross-session',"are maintenance blocks enforced by the db like bookings are?","no, slip_blocks checked in app code only, not exclusion constraint",[2,6])
q(F,'cross-session',"trace a reading from the sensor to the live chart","MQTT Mosquitto, buffered channel, CopyFrom, broadcaster, SSE EventSource",[1,2,3])
q(F,'cross-session',"what does our timescale storage setup look like overall?","raw readings 90 days, compressed after 7 days, readings_5m forever",[2,5])
q(F,'cross-session',"how do alerts work end to end right now?","rules every 15 seconds, advisory lock, 2 degree hysteresis, ntfy",[4,6])
q(F,'cross-session',"what's running in the deployment on the pi?","behind nginx, two server replicas, ntfy in docker-compose",[3,4,6])

# abstention
q(H,'abstention',"which linter and formatter do we run on harborbook?","",[])
q(H,'abstention',"what error tracking service did we hook up, sentry?","",[])
q(H,'abstention',"where do we deploy harborbook in production?","",[])
q(H,'abstention',"do we support currencies other than one?","",[])
q(H,'abstention',"what's the refund policy when someone cancels a paid booking?","",[])
q(H,'abstention',"which SMS provider are we using for the reminders?","",[])
q(F,'abstention',"which logging library does the go server use?","",[])
q(F,'abstention',"does the dashboard have a dark mode?","",[])
q(F,'abstention',"what CI runs on fernwatch PRs?","",[])
q(F,'abstention',"how did we calibrate the soil moisture sensors?","",[])
q(F,'abstention',"is the mqtt connection using TLS and passwords?","",[])
q(F,'abstention',"is the esp32 firmware arduino or esp-idf?","",[])

for i, x in enumerate(Q, 1):
    x['id'] = f'alpha-{i:03d}'
Q = [{k: x[k] for k in ('id','project','category','question','answer','sessions','stale')} for x in Q]
about = ("Hand-written by a helper session: 12 synthetic Claude Code sessions (6 per project, harborbook = FastAPI/PostgreSQL "
         "marina booking API, fernwatch = Go/TimescaleDB/React greenhouse dashboard), November 2026. Questions are asked as if "
         "in a later session of the same project, paraphrased away from the session wording; answers reuse the sessions' words. "
         "Every answer was checked against the named sessions; abstention questions cover topics never discussed.")
json.dump({'about': about, 'questions': Q}, open(os.path.join(here,'questions.json'),'w'), indent=2, ensure_ascii=False)
from collections import Counter
print(len(Q), Counter(x['category'] for x in Q))
