/*
 * A Kafka-protocol test broker: librdkafka's mock cluster behind a line protocol.
 *   argv[1]          number of brokers (default 1)
 *   stdout, line 1   the bootstrap address ("127.0.0.1:port,...")
 *   stdin            "create-topic <name> <partitions>" -> "ok" | "error <reason>"
 * EOF on stdin or SIGTERM/SIGINT destroys the cluster and exits 0.
 */
#include <errno.h>
#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static volatile sig_atomic_t stopping = 0;

static void on_signal(int sig) { (void)sig; stopping = 1; }

int main(int argc, char **argv) {
  int brokers = argc > 1 ? atoi(argv[1]) : 1;
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
  rd_kafka_mock_cluster_t *cluster = rd_kafka_mock_cluster_new(rk, brokers < 1 ? 1 : brokers);
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
