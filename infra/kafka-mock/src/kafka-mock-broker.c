/*
 * A Kafka-protocol test broker: librdkafka's mock cluster behind a line protocol.
 *   argv[1]          number of brokers (default 1)
 *   argv[2]          the first broker's port (default 0: any free port); broker n listens on port + n - 1
 *   stdout, line 1   the bootstrap address ("127.0.0.1:port,...")
 *   stdin            "create-topic <name> <partitions>" -> "ok" | "error <reason>"
 * EOF on stdin or SIGTERM/SIGINT destroys the cluster and exits 0.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <netinet/in.h>
#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t stopping = 0;

static void on_signal(int sig) { (void)sig; stopping = 1; }

/*
 * librdkafka's mock cluster always listens on ephemeral ports. A standalone broker needs a known address, so
 * this executable's bind() (which the library's calls resolve to) gives its listeners the requested ports.
 */
static int next_port = 0;

int bind(int fd, const struct sockaddr *addr, socklen_t len) {
  static int (*libc_bind)(int, const struct sockaddr *, socklen_t);
  if (!libc_bind) libc_bind = (int (*)(int, const struct sockaddr *, socklen_t))dlsym(RTLD_NEXT, "bind");
  if (next_port > 0 && addr->sa_family == AF_INET && len >= sizeof(struct sockaddr_in) &&
      ((const struct sockaddr_in *)addr)->sin_port == 0) {
    struct sockaddr_in fixed = *(const struct sockaddr_in *)addr;
    int port = next_port++;
    fixed.sin_port = htons((uint16_t)port);
    if (libc_bind(fd, (const struct sockaddr *)&fixed, sizeof fixed) == 0) return 0;
    /* librdkafka 2.0 aborts on a failed mock listener: say why and leave first. */
    fprintf(stderr, "cannot listen on 127.0.0.1:%d: %s (is the port in use?)\n", port, strerror(errno));
    _exit(1);
  }
  return libc_bind(fd, addr, len);
}

int main(int argc, char **argv) {
  int brokers = argc > 1 ? atoi(argv[1]) : 1;
  int first_port = argc > 2 ? atoi(argv[2]) : 0;
  char errstr[512], line[512], topic[256];
  int partitions;

  /* librdkafka's threads inherit this mask, so only the main thread takes the signal and its read() returns EINTR. */
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGTERM);
  sigaddset(&stop_signals, SIGINT);
  pthread_sigmask(SIG_BLOCK, &stop_signals, NULL);

  rd_kafka_conf_t *conf = rd_kafka_conf_new();
  rd_kafka_conf_set(conf, "log_level", "3", errstr, sizeof errstr);
  /* The handle only hosts the cluster; it never connects anywhere itself. */
  rd_kafka_t *rk = rd_kafka_new(RD_KAFKA_PRODUCER, conf, errstr, sizeof errstr);
  if (!rk) { fprintf(stderr, "rd_kafka_new failed: %s\n", errstr); return 1; }
  next_port = first_port;
  rd_kafka_mock_cluster_t *cluster = rd_kafka_mock_cluster_new(rk, brokers < 1 ? 1 : brokers);
  next_port = 0;
  if (!cluster) { fprintf(stderr, "rd_kafka_mock_cluster_new failed\n"); rd_kafka_destroy(rk); return 1; }

  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = on_signal; /* no SA_RESTART: a pending fgets must return */
  sigaction(SIGTERM, &action, NULL);
  sigaction(SIGINT, &action, NULL);
  pthread_sigmask(SIG_UNBLOCK, &stop_signals, NULL);

  printf("%s\n", rd_kafka_mock_cluster_bootstraps(cluster));
  fflush(stdout);

  while (!stopping && fgets(line, sizeof line, stdin)) {
    if (sscanf(line, "create-topic %255s %d", topic, &partitions) == 2 && partitions > 0) {
      rd_kafka_resp_err_t err = rd_kafka_mock_topic_create(cluster, topic, partitions, 1);
      if (err) printf("error %s\n", rd_kafka_err2str(err));
      else printf("ok\n");
    } else {
      printf("error unknown command\n");
    }
    fflush(stdout);
  }

  rd_kafka_mock_cluster_destroy(cluster);
  rd_kafka_destroy(rk);
  return 0;
}
