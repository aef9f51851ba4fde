# A stand-in for Mailpit where no image registry can be reached: it takes every message over
# SMTP on 1025 (no TLS, no authentication, as Mailpit out of the box) and answers the part of
# Mailpit's API that scripts/container-test.sh reads on 8025:
#   GET /api/v1/messages       { total, messages: [{ ID, From, To, Subject, Created, Snippet }] }
#   GET /api/v1/message/{ID}   the same with Text and HTML
# Messages are kept in memory, newest first, as Mailpit lists them. Debian's python3 and
# python3-aiosmtpd only.
import json
import re
import signal
import sys
import threading
import uuid
from datetime import datetime, timezone
from email import policy
from email.parser import BytesParser
from email.utils import getaddresses
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from aiosmtpd.controller import Controller

messages = []
lock = threading.Lock()


def addresses(value):
    return [{"Name": name, "Address": address} for name, address in getaddresses([value or ""])]


def body_of(mail, subtype):
    part = mail.get_body(preferencelist=(subtype,))
    return part.get_content() if part is not None else ""


class Catcher:
    async def handle_DATA(self, server, session, envelope):
        mail = BytesParser(policy=policy.default).parsebytes(envelope.original_content)
        text = body_of(mail, "plain")
        message = {
            "ID": str(uuid.uuid4()),
            "From": (addresses(mail.get("from")) or [{"Name": "", "Address": ""}])[0],
            "To": addresses(mail.get("to")),
            "Subject": str(mail.get("subject", "")),
            "Created": datetime.now(timezone.utc).isoformat(),
            "Snippet": " ".join(text.split())[:250],
            "Text": text,
            "HTML": body_of(mail, "html"),
        }
        with lock:
            messages.insert(0, message)
        print("message to " + ", ".join(a["Address"] for a in message["To"]), flush=True)
        return "250 Message accepted for delivery"


class Api(BaseHTTPRequestHandler):
    def send(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        path = self.path.split("?", 1)[0]
        with lock:
            current = list(messages)
        if path == "/api/v1/messages":
            summaries = [{k: v for k, v in m.items() if k not in ("Text", "HTML")} for m in current]
            return self.send(200, {"total": len(current), "messages": summaries})
        one = re.fullmatch(r"/api/v1/message/([\w-]+)", path)
        found = next((m for m in current if one and m["ID"] == one.group(1)), None)
        if found:
            return self.send(200, found)
        return self.send(404, {"error": "not found"})

    def log_message(self, format, *args):
        pass


smtp = Controller(Catcher(), hostname="0.0.0.0", port=1025)
smtp.start()
http = ThreadingHTTPServer(("0.0.0.0", 8025), Api)


def stop(*_):
    threading.Thread(target=http.shutdown).start()


signal.signal(signal.SIGTERM, stop)
signal.signal(signal.SIGINT, stop)
print("mail sink: SMTP on 1025, Mailpit-style API on 8025", flush=True)
http.serve_forever()
smtp.stop()
sys.exit(0)
